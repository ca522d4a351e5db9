// Throughput of the generic SERP CSV parser on 1,000,000 generated rows (1,000 keywords × 100 positions ×
// 10 dates, URLs mostly repeating between dates as real rankings do), printed, not asserted: the machine
// running the suite may be busy. The bytes are generated first (93 MiB in memory), so only parsing is
// timed; csv-parse alone on the same bytes is printed beside it for scale.
import { describe, expect, it } from 'vitest';
import { parse as parseCsvStream } from 'csv-parse';
import { Readable } from 'node:stream';
import { parseSource, sourceFromStream } from '@ingest/formats/index';
import { NOW } from './helpers';

const ROWS = 1_000_000;

/** The CSV in chunks of about 1 MiB. */
function* generate(): Generator<Uint8Array> {
  const enc = new TextEncoder();
  let buf = 'date,market,keyword,position,url,result_type,search_volume,title\n';
  let rows = 0;
  for (let d = 0; d < 10 && rows < ROWS; d++) {
    const date = `2026-0${1 + (d % 9)}-1${d}`;
    for (let k = 0; rows < ROWS && k < ROWS / 1000; k++) {
      for (let p = 1; p <= 100 && rows < ROWS; p++, rows++) {
        const slot = (p + ((k + d) % 3)) % 100;
        const host = `www.site${(k * 131 + slot * 17) % 20_000}.co.uk`;
        buf += `${date},gb-en,keyword number ${k} ${k % 7},${p},https://${host}/page/${(k + slot) % 300},${p === 1 ? 'featured_snippet' : 'organic'},${k % 5000},Title ${slot}\n`;
      }
      if (buf.length > 1 << 20) {
        yield enc.encode(buf);
        buf = '';
      }
    }
  }
  yield enc.encode(buf);
}

describe('generic SERP CSV throughput', () => {
  it('parses 1,000,000 rows and prints rows per second', async () => {
    const chunks = [...generate()];
    const bytes = chunks.reduce((n, c) => n + c.length, 0);
    async function* replay() {
      yield* chunks;
    }

    const t0 = performance.now();
    let records = 0;
    let rejects = 0;
    for await (const b of parseSource(sourceFromStream('bench.csv', replay()), { now: NOW })) {
      records += b.records.length;
      rejects += b.rejects.length;
    }
    const ours = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    let parsed = 0;
    const parser = Readable.from(replay()).pipe(parseCsvStream({ from_line: 2 }));
    for await (const _ of parser) parsed++;
    const reference = (performance.now() - t1) / 1000;

    console.log(
      `[throughput] generic SERP CSV: ${records.toLocaleString('en')} rows (${(bytes / 1048576).toFixed(0)} MiB) ` +
        `parsed, normalised and validated in ${ours.toFixed(2)} s = ${Math.round(records / ours).toLocaleString('en')} rows/s; ` +
        `csv-parse alone (split only): ${Math.round(parsed / reference).toLocaleString('en')} rows/s`,
    );
    expect(records).toBe(ROWS);
    expect(rejects).toBe(0);
    expect(parsed).toBe(ROWS);
  });
});
