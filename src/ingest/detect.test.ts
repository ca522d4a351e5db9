// Format detection from a file's name and first bytes, and its error listing the known formats.
import { describe, expect, it } from 'vitest';
import { detectFormat, isFormatId, unknownFormatMessage } from './detect';

const bytes = (s: string) => new TextEncoder().encode(s);
const detect = (name: string, text: string) => detectFormat(name, bytes(text));

describe('detectFormat', () => {
  it('tells CSV formats apart by their header', () => {
    expect(detect('x.csv', 'date,market,keyword,position,url\n')).toEqual({ format: 'serp-csv' });
    expect(detect('x.csv', 'Keyword;Position;URL;Date\n')).toEqual({ format: 'serp-csv' });
    expect(detect('x.csv', 'ID,Keyword,Position,URL,Country,Device,Updated,Added,Tags\n')).toEqual({
      format: 'serpbear',
    });
    expect(detect('x.csv', 'ID,Keyword,Position,Impressions,Clicks,CTR,Country,Device\n')).toEqual({
      format: 'serpbear',
    });
    expect(detect('x.csv', 'Group,Keyword,Avg Monthly Searches,2026-01-27 Mobile\n')).toEqual({
      format: 'rank-sheet',
    });
    expect(detect('x.csv', 'Top queries,Clicks,Impressions,CTR,Position\n')).toEqual({
      format: 'gsc-export',
    });
    expect(detect('x.csv', 'Filter,Value\nSearch type,Web\n')).toEqual({ format: 'gsc-export' });
    expect(detect('Dates.csv', 'Date,Clicks,Impressions,CTR,Position\n')).toEqual({ format: 'gsc-export' });
    expect(detect('rows.csv', 'Date,Page,Query,Clicks,Impressions,CTR,Position\n')).toEqual({
      format: 'gsc-api',
    });
    expect(detect('k.csv', 'Keyword,Volume\n')).toEqual({ format: 'keywords' });
    expect(
      detect('k.tsv', 'Keyword Stats 2024-01-01\nAll locations\nKeyword\tCurrency\tAvg. monthly searches\n'),
    ).toEqual({
      format: 'keywords',
    });
  });

  it('tells JSON formats apart by their keys, also in UTF-16', () => {
    expect(
      detect('a.json', '{"search_metadata":{"id":"1"},"search_parameters":{"engine":"google_light"}}'),
    ).toEqual({ format: 'serpapi' });
    expect(detect('a.json', '[{"search_metadata":{},"search_parameters":{"engine":"google"}}]')).toEqual({
      format: 'serpapi',
    });
    expect(detect('a.json', '{"version":"0.1","status_code":20000,"tasks":[]}')).toEqual({
      format: 'dataforseo',
    });
    expect(detect('a.json', '{"status":"success","data":{"request_info":{}}}')).toEqual({
      format: 'valueserp',
    });
    expect(detect('a.json', '[{"keyword":"a","avg_monthly_searches":10}]')).toEqual({ format: 'keywords' });
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'Keyword\tVolume\n'].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    expect(detectFormat('k.csv', utf16)).toEqual({ format: 'keywords' });
  });

  it('explains what it could not recognise and lists the known formats', () => {
    const d = detect('ctr.csv', 'study,position,value\n');
    expect('error' in d && d.error).toMatch(
      /^cannot tell the format of ctr\.csv: no known header \(the first line has study, position, value\)/u,
    );
    expect('error' in d && d.error).toMatch(/serpapi: SerpApi Google JSON/u);
    expect('error' in d && d.error).toMatch(/Choose one with --format\.$/u);
    expect(detect('e.csv', '')).toMatchObject({ error: expect.stringMatching(/the file is empty/u) });
    expect(detect('a.json', '{"foo":1}')).toMatchObject({
      error: expect.stringMatching(/it is JSON, but not/u),
    });
    expect(detect('b.xlsx', 'PK\u0003\u0004rest')).toMatchObject({
      error: expect.stringMatching(/Excel workbook/u),
    });
    expect(
      detectFormat(
        'img.png',
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      ),
    ).toMatchObject({ error: expect.stringMatching(/binary/u), code: 'binary' });
  });

  it('validates --format values', () => {
    expect(isFormatId('serp-csv')).toBe(true);
    expect(isFormatId('toString')).toBe(false);
    expect(unknownFormatMessage('csv')).toMatch(
      /^unknown format "csv"; the known formats are:\n {2}serp-csv: /u,
    );
  });
});
