// Shared pieces of the import tests: a real DuckDB RankStore in a temp folder, the ../shared/data path,
// a small import runner over paths, and a generator of large generic SERP CSV files.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPath } from '@ingest/formats/index';
import type { FormatId } from '@ingest/formats/index';
import { runImport } from '@ingest/pipeline/index';
import type { ImportOutcome } from '@ingest/pipeline/index';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';

/** `../shared/data` of the repository (tests run from the repository root). */
export const SHARED = resolve('..', 'shared', 'data');
/** The import time of every test: after all sample dates. */
export const NOW = new Date('2026-11-01T12:00:00Z');

export interface TempRank {
  rank: RankStore;
  dir: string;
  path: string;
  close(): Promise<void>;
}

export async function tempRankStore(): Promise<TempRank> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-import-'));
  const path = join(dir, 'rank.duckdb');
  const rank = await openDuckDbRankStore(path, { threads: 2 });
  await rank.migrate();
  return {
    rank,
    dir,
    path,
    close: async () => {
      await rank.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PathImport {
  market?: string;
  target?: string;
  format?: FormatId;
  campaign?: { id: number; market: string };
  dryRun?: boolean;
}

export async function importPaths(
  rank: RankStore | null,
  paths: string[],
  o: PathImport = {},
): Promise<ImportOutcome> {
  return runImport(rank, {
    sources: await Promise.all(paths.map((p) => openPath(p))),
    now: NOW,
    ...(o.market !== undefined ? { market: o.market } : {}),
    ...(o.target !== undefined ? { target: o.target } : {}),
    ...(o.format !== undefined ? { format: o.format } : {}),
    campaign: o.campaign ?? null,
    dryRun: o.dryRun === true,
  });
}

/**
 * Writes a generic SERP CSV of `rows` rows: snapshots of 100 results for keyword after keyword on
 * 2026-01-05, `hosts` distinct hosts, a few result types; deterministic.
 */
export async function writeSerpCsv(path: string, rows: number, hosts = 500): Promise<number> {
  const out = createWriteStream(path);
  const types = ['organic', 'organic', 'organic', 'featured_snippet', 'news', 'video'];
  let buf = 'date,market,keyword,position,url,result_type,search_volume\n';
  let bytes = 0;
  for (let i = 0; i < rows; i++) {
    const k = Math.floor(i / 100);
    const p = (i % 100) + 1;
    const h = (k * 7919 + p * 104729) % hosts;
    buf += `2026-01-05,gb-en,keyword ${k},${p},https://www.site${h}.co.uk/p/${(k + p) % 40},${types[(k + p) % 6]},${(k % 50) * 10}\n`;
    if (buf.length > 1 << 20) {
      bytes += Buffer.byteLength(buf);
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  bytes += Buffer.byteLength(buf);
  out.end(buf);
  await once(out, 'finish');
  return bytes;
}
