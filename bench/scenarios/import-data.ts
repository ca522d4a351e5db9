// The generic SERP CSV files the import scenarios read: `dates` weekly snapshots of `keywords` keywords ×
// 100 positions in one market, with all eight columns of formats/README.md. URLs repeat from one date to the
// next as real rankings do (each keyword's result set drifts a little), so about one URL in ten is new to
// the import and the rest are memo hits; every 50th row has a quoted title with a comma, so the general
// parser is exercised too. Deterministic: the same arguments write the same bytes.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export interface SerpCsvShape {
  keywords: number;
  dates: number;
}

const TYPES = ['organic', 'organic', 'organic', 'organic', 'featured_snippet', 'news', 'video', 'organic'];
const HEADER = 'date,market,keyword,position,url,result_type,search_volume,title\n';
const DAY_MS = 86_400_000;

/** Rows of a file of this shape. */
export function serpCsvRows(shape: SerpCsvShape): number {
  return shape.keywords * shape.dates * 100;
}

/**
 * Writes the file; returns its size in bytes. The last date is `lastDate` (YYYY-MM-DD), earlier ones a week
 * apart, so the file never holds future dates.
 */
export async function writeBenchSerpCsv(
  path: string,
  shape: SerpCsvShape,
  lastDate: string,
): Promise<number> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  const last = Date.parse(`${lastDate}T00:00:00Z`);
  let buf = HEADER;
  let bytes = 0;
  let row = 0;
  for (let d = 0; d < shape.dates; d++) {
    const date = new Date(last - (shape.dates - 1 - d) * 7 * DAY_MS).toISOString().slice(0, 10);
    for (let k = 0; k < shape.keywords; k++) {
      const keyword = `keyword ${k} ${WORDS[k % WORDS.length]}`;
      const sv = (k % 97) * 10;
      for (let p = 1; p <= 100; p++, row++) {
        // The result at position p drifts by one slot every few dates: most URLs were seen the week before.
        const slot = (p + Math.floor((d + (k % 5)) / 3)) % 120;
        const host = `www.site${(k * 131 + slot * 17) % 40_000}.co.uk`;
        const url = `https://${host}/page/${(k + slot) % 300}`;
        const title = row % 50 === 0 ? `"Title ${slot}, page ${p}"` : `Title ${slot}`;
        buf += `${date},gb-en,${keyword},${p},${url},${TYPES[(k + p) % TYPES.length]},${sv},${title}\n`;
      }
      if (buf.length > 1 << 20) {
        bytes += buf.length;
        if (!out.write(buf)) await once(out, 'drain');
        buf = '';
      }
    }
  }
  bytes += buf.length;
  out.end(buf);
  await once(out, 'finish');
  return bytes;
}

const WORDS = [
  'shoes',
  'running shoes',
  'coffee',
  'best laptop',
  'plumber near me',
  'flights',
  'hotel deals',
];
