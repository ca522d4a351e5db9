// The bulk path of the generic SERP CSV at volume, checked for correctness only (speed is measured by
// `npm run bench -- import`, not asserted here: the machine running the suite may be busy). 200,000
// generated rows (200 keywords × 100 positions × 10 dates, URLs mostly repeating between dates as real
// rankings do, every 40th title quoted with a comma) arrive in chunks of about 64 KiB, so lines and quoted
// records straddle chunk boundaries; the column sink must give back every row as generated, and normalise
// each distinct URL once.
import { describe, expect, it } from 'vitest';
import { SerpColumnSink } from '@ingest/formats/generic-columns';
import { UrlNormaliser, parseSource, sourceFromStream } from '@ingest/formats/index';
import { NOW } from './helpers';

const KEYWORDS = 200;
const DATES = 10;
const ROWS = KEYWORDS * 100 * DATES;

interface Expected {
  keyword: string;
  date: string;
  position: number;
  url: string;
  title: string;
}

function rowAt(d: number, k: number, p: number): Expected & { line: string } {
  const date = `2026-0${1 + (d % 9)}-1${d}`;
  const slot = (p + ((k + d) % 3)) % 100;
  const url = `https://www.site${(k * 131 + slot * 17) % 2_000}.co.uk/page/${(k + slot) % 300}`;
  const title = (k + p) % 40 === 0 ? `Title ${slot}, quoted` : `Title ${slot}`;
  const cell = title.includes(',') ? `"${title}"` : title;
  const keyword = `keyword number ${k} ${k % 7}`;
  return {
    keyword,
    date,
    position: p,
    url,
    title,
    line: `${date},gb-en,${keyword},${p},${url},${p === 1 ? 'featured_snippet' : 'organic'},${k % 5000},${cell}\n`,
  };
}

function* chunks(): Generator<Uint8Array> {
  let text = 'date,market,keyword,position,url,result_type,search_volume,title\n';
  for (let d = 0; d < DATES; d++)
    for (let k = 0; k < KEYWORDS; k++) for (let p = 1; p <= 100; p++) text += rowAt(d, k, p).line;
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += 65_521) yield bytes.subarray(i, i + 65_521);
}

describe('generic SERP CSV at volume', () => {
  it('gives back all 200,000 rows through the column sink, each distinct URL normalised once', async () => {
    const urls = new UrlNormaliser();
    const sink = new SerpColumnSink(urls);
    async function* replay() {
      yield* chunks();
    }
    let rejects = 0;
    let batches = 0;
    const got: Expected[] = [];
    for await (const b of parseSource(sourceFromStream('bulk.csv', replay()), {
      now: NOW,
      urls,
      serpRows: sink,
    })) {
      batches++;
      rejects += b.rejects.length;
      for (const r of sink.toRecords(sink.drain()))
        got.push({
          keyword: r.keyword,
          date: r.date,
          position: r.position,
          url: r.url,
          title: r.title ?? '',
        });
    }
    expect(rejects).toBe(0);
    expect(batches).toBeGreaterThan(100);
    expect(got).toHaveLength(ROWS);
    let i = 0;
    const distinct = new Set<string>();
    for (let d = 0; d < DATES; d++)
      for (let k = 0; k < KEYWORDS; k++)
        for (let p = 1; p <= 100; p++, i++) {
          const { line: _, ...want } = rowAt(d, k, p);
          distinct.add(want.url);
          if (got[i]!.url !== want.url || got[i]!.title !== want.title || got[i]!.position !== p)
            expect(got[i]).toEqual(want);
        }
    expect(sink.urlCount).toBe(distinct.size);
    expect(urls.parsed).toBe(distinct.size);
    expect(sink.keywords).toHaveLength(KEYWORDS);
  });
});
