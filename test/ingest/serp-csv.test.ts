// The generic SERP CSV: what it imports, and a clear reject (file, line, column, reason) for every kind of
// bad row, without stopping the file.
import { describe, expect, it } from 'vitest';
import { byKind, parseText } from './helpers';

const HEADER = 'date,market,keyword,position,url,result_type,search_volume,title';

describe('generic SERP CSV', () => {
  it('imports rows with normalised keyword, host, domain, defaults and quoted titles', async () => {
    const p = await parseText(
      'serp.csv',
      [
        HEADER,
        '2026-03-02,GB-en,  Cheap  Flights ,1,https://www.Skyscanner.net/flights?x=1,featured_snippet,"90,500","Cheap flights, fast"',
        '2026-03-02,gb-en,cheap flights,2,kayak.co.uk/deals,,,',
        '2026-03-02,,cheap flights,3,https://www.expedia.co.uk/,ORGANIC,1 200,',
      ].join('\n'),
      { market: 'gb-en-mobile' },
    );
    expect(p.rejects).toEqual([]);
    expect(byKind(p, 'serp')).toEqual([
      {
        kind: 'serp',
        date: '2026-03-02',
        market: 'gb-en',
        keyword: 'cheap flights',
        position: 1,
        resultType: 'featured_snippet',
        url: 'https://www.Skyscanner.net/flights?x=1',
        host: 'www.skyscanner.net',
        domain: 'skyscanner.net',
        path: '/flights',
        title: 'Cheap flights, fast',
        sv: 90500,
        line: 2,
      },
      expect.objectContaining({
        position: 2,
        resultType: 'organic',
        host: 'kayak.co.uk',
        title: null,
        sv: null,
        line: 3,
      }),
      expect.objectContaining({
        market: 'gb-en-mobile',
        position: 3,
        resultType: 'organic',
        sv: 1200,
        line: 4,
      }),
    ]);
  });

  it('rejects each bad row with line, column and reason, and reads on', async () => {
    const rows = [
      HEADER,
      '2026-02-30,gb-en,a,1,https://a.com/,,,', // 2 invalid date
      '2026-12-01,gb-en,a,1,https://a.com/,,,', // 3 future
      '2026-03-02,uk-en,a,1,https://a.com/,,,', // 4 bad market
      '2026-03-02,gb-en,  ,1,https://a.com/,,,', // 5 empty keyword
      '2026-03-02,gb-en,a,0,https://a.com/,,,', // 6 position 0
      '2026-03-02,gb-en,a,101,https://a.com/,,,', // 7 position 101
      '2026-03-02,gb-en,a,2.5,https://a.com/,,,', // 8 not whole
      '2026-03-02,gb-en,a,1,/relative,,,', // 9 no host
      '2026-03-02,gb-en,a,1,https://a.com/,advert,,', // 10 result type
      '2026-03-02,gb-en,a,1,https://a.com/,,1.200,', // 11 ambiguous volume
      '2026-03-02,gb-en,a,1,https://a.com/,,,,oops', // 12 extra field
      '2026-03-02,gb-en,ok,1,https://a.com/,,,', // 13 fine
      '2026-03-02,gb-en,ok,1,https://b.com/,,,', // 14 same position twice in one snapshot
      '2026-03-02,,a,1,https://a.com/,,,', // 15 blank market, no option
    ];
    const p = await parseText('bad.csv', rows.join('\n'));
    expect(byKind(p, 'serp').map((r) => r.line)).toEqual([13]);
    expect(p.rejects.map((r) => [r.line, r.column ?? null, r.code, r.reason])).toEqual([
      [2, 1, 'invalid-date', 'date "2026-02-30" is not a calendar date YYYY-MM-DD'],
      [3, 1, 'future-date', 'date 2026-12-01 is in the future (today is 2026-11-22)'],
      [
        4,
        2,
        'invalid-market',
        'market "uk-en": uk is not an ISO 3166-1 country code (the United Kingdom is gb)',
      ],
      [5, 3, 'invalid-keyword', 'keyword is empty'],
      [6, 4, 'invalid-position', 'position 0 is outside 1–100'],
      [7, 4, 'invalid-position', 'position 101 is outside 1–100'],
      [8, 4, 'invalid-position', 'position "2.5" is not a whole number'],
      [9, 5, 'invalid-url', 'URL "/relative" has no host'],
      [
        10,
        6,
        'invalid-result-type',
        'result type "advert" is not one of organic, brand, featured_snippet, local_pack, news, video, image, shopping, people_also_ask, knowledge_panel, ai_overview, sitelink, other',
      ],
      [11, 7, 'invalid-number', 'search volume "1.200" is ambiguous (1.2 or 1200?)'],
      [
        12,
        null,
        'field-count',
        'the row has 9 fields, the header 8: is there an unquoted delimiter in a value?',
      ],
      [14, 4, 'duplicate-position', 'position 1 appears twice for ok on 2026-03-02'],
      [15, 2, 'missing-market', 'market is empty and no market option was given'],
    ]);
    expect(p.rejects.every((r) => r.file === 'bad.csv' && !r.fatal)).toBe(true);
    expect(p.rejects[0]!.field).toBe('date');
  });

  it('accepts header variants, ; as delimiter, no market column with the option, and warns of unknown columns', async () => {
    const p = await parseText(
      'v.csv',
      'Date;Keyword;Position;URL;Result Type;Postion\n2026-01-05;a;1;a.com;video;x\n',
      {
        market: 'de-de',
      },
    );
    expect(byKind(p, 'serp')).toEqual([
      expect.objectContaining({ market: 'de-de', resultType: 'video', line: 2 }),
    ]);
    expect(p.warnings).toEqual([
      expect.objectContaining({
        code: 'unknown-columns',
        line: 1,
        message: expect.stringMatching(/^column Postion ignored \(known: /u),
      }),
    ]);
  });

  it('rejects the whole file for missing columns, an empty file, or no market at all', async () => {
    const missing = await parseText('m.csv', 'date,keyword,url\n2026-01-01,a,a.com\n');
    expect(missing.rejects).toEqual([
      expect.objectContaining({
        line: 1,
        code: 'missing-column',
        fatal: true,
        reason:
          'missing columns position, market (the header has date, keyword, url; a file without a market column needs the market option)',
      }),
    ]);
    expect((await parseText('e.csv', '', { format: 'serp-csv' })).rejects).toEqual([
      { file: 'e.csv', line: null, code: 'empty', reason: 'the file is empty', fatal: true },
    ]);
    const headerOnly = await parseText('h.csv', `${HEADER}\n`);
    expect(headerOnly.records).toEqual([]);
    expect(headerOnly.rejects).toEqual([]);
  });

  it('keeps the rows before an encoding error and names the line of the bad byte', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`${HEADER}\n2026-01-01,gb-en,a,1,a.com,,,\n2026-01-01,gb-en,caf`),
      0xe9,
      ...new TextEncoder().encode(',2,b.com,,,\n'),
    ]);
    const p = await parseText('latin1.csv', bytes);
    expect(byKind(p, 'serp')).toHaveLength(1);
    expect(p.rejects).toEqual([
      expect.objectContaining({
        line: 3,
        code: 'encoding',
        fatal: true,
        reason: expect.stringMatching(/^invalid UTF-8 \(byte 0xE9\)/u),
      }),
    ]);
  });

  it('rejects an over-long line and reads on', async () => {
    const p = await parseText(
      'long.csv',
      `${HEADER}\n2026-01-01,gb-en,a,1,a.com,,,${'t'.repeat(3000)}\n2026-01-01,gb-en,a,2,b.com,,,\n`,
      {
        maxLineLength: 1000,
      },
    );
    expect(byKind(p, 'serp').map((r) => r.line)).toEqual([3]);
    expect(p.rejects).toEqual([expect.objectContaining({ line: 2, code: 'line-too-long' })]);
  });

  it('reads a quoted record the same as the plain one', async () => {
    const plain = await parseText('p.csv', `${HEADER}\n2026-01-01,gb-en,a b,3,https://a.com/x,news,12,T\n`);
    const quoted = await parseText(
      'q.csv',
      `${HEADER}\n"2026-01-01","gb-en","a b","3","https://a.com/x","news","12","T"\n`,
    );
    expect(quoted.records).toEqual(plain.records);
  });
});
