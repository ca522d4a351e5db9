// Moves a whole workspace from one pair of stores to another (the embedded SQLite + DuckDB to PostgreSQL +
// ClickHouse for `sightline migrate-data --to server`) through the ports' transfer methods, then proves the
// copy complete: row counts and checksums of every table, computed by each side's engines, must match.
//
// - Refuses a target that holds any data unless `replace` is set; nothing is written then.
// - Refuses, before writing, when the source has rows in a table the target cannot store.
// - The MetaStore moves in one transaction (all or nothing). The RankStore moves segment by segment
//   (serp_results per market and date, other tables whole), each segment replaced atomically on the target.
// - Safe to run again after a failure, with `replace`: segments whose count and checksum already match are
//   kept, so an interrupted migration resumes where it stopped; target data the source lacks is removed.
import type { Stores } from '../../context';
import {
  batchColumn,
  DEFAULT_BATCH_ROWS,
  RANK_TABLE_ORDER,
  segmentOf,
  type MetaTableBatch,
  type RankBatch,
  type RankChecksums,
  type RankSegment,
  type TableChecksum,
} from '@storage/transfer';
import {
  compareMeta,
  compareRank,
  differingSegments,
  planSegments,
  type StoreName,
  type TableComparison,
} from './compare';
import { readAhead, tap } from './streams';

export interface MigrateProgress {
  /** What is being copied (`MetaStore`, `urls`, `serp_results gb-en 2025-06-30`) or checked. */
  phase: string;
  /** Rows copied so far and in all (both stores). */
  done: number;
  total: number;
}

export interface MigrateDataOptions {
  /** Overwrite a target that holds data (and resume an interrupted migration). */
  replace: boolean;
  /** Rows per RankStore batch (default DEFAULT_BATCH_ROWS). */
  batchRows?: number;
  onProgress?: (p: MigrateProgress) => void;
}

export interface MigrateDataReport {
  tables: TableComparison[];
  /** RankStore segments that differ after the copy (empty when everything matches). */
  differingSegments: string[];
  ok: boolean;
  metaRowsCopied: number;
  /** False when the target's MetaStore already matched and was left alone. */
  metaCopied: boolean;
  rankRowsCopied: number;
  segments: { copied: number; alreadyMatching: number; removed: number };
  /** Wall-clock milliseconds per step. */
  timings: { check: number; meta: number; rank: number; verify: number };
}

export interface Holding {
  store: StoreName;
  table: string;
  rows: number;
}

/** The target holds data and `replace` was not given; nothing was written. */
export class TargetNotEmptyError extends Error {
  constructor(readonly holdings: Holding[]) {
    super(`the target stores already hold data (${holdings.map((h) => `${h.table}: ${h.rows}`).join(', ')})`);
    this.name = 'TargetNotEmptyError';
  }
}

/** The source holds rows the target has no table for; nothing was written. */
export class UnsupportedTableError extends Error {
  constructor(readonly tables: string[]) {
    super(`the target RankStore cannot store ${tables.join(', ')}, which the source holds`);
    this.name = 'UnsupportedTableError';
  }
}

interface Snapshot {
  meta: TableChecksum[];
  rank: RankChecksums;
}

async function snapshot(stores: Stores): Promise<Snapshot> {
  const [meta, rank] = await Promise.all([stores.meta.checksums(), stores.rank.checksums()]);
  return { meta, rank };
}

function holdings(s: Snapshot): Holding[] {
  const out: Holding[] = s.meta
    .filter((t) => t.rows > 0)
    .map((t) => ({ store: 'MetaStore' as const, table: t.table, rows: t.rows }));
  for (const table of RANK_TABLE_ORDER) {
    const rows = s.rank.segments.filter((x) => x.table === table).reduce((n, x) => n + x.rows, 0);
    if (rows > 0) out.push({ store: 'RankStore', table, rows });
  }
  return out;
}

/** Market id → code, from the source's markets table (to name serp_results segments in progress). */
async function marketCodes(source: Stores, rank: RankChecksums): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!rank.segments.some((s) => s.table === 'markets')) return out;
  for await (const batch of source.rank.exportBatches(segmentOf('markets'))) {
    const ids = batchColumn(batch, 'id', 'u16');
    const codes = batchColumn(batch, 'code', 'str');
    for (let i = 0; i < batch.rows; i++) out.set(ids[i]!, codes[i]!);
  }
  return out;
}

function phaseOf(segment: RankSegment, codes: Map<number, string>): string {
  if (segment.marketId === null) return segment.table;
  return `${segment.table} ${codes.get(segment.marketId) ?? `market ${segment.marketId}`} ${segment.date ?? ''}`;
}

const none: AsyncIterable<RankBatch> = {
  [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true, value: undefined }) }),
};

export async function migrateData(
  source: Stores,
  target: Stores,
  options: MigrateDataOptions,
): Promise<MigrateDataReport> {
  const progress = options.onProgress ?? (() => undefined);
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  const timings = { check: 0, meta: 0, rank: 0, verify: 0 };
  let started = performance.now();
  const lap = (step: keyof typeof timings) => {
    const now = performance.now();
    timings[step] = Math.round(now - started);
    started = now;
  };

  progress({ phase: 'comparing the stores', done: 0, total: 0 });
  const [from, to] = await Promise.all([snapshot(source), snapshot(target)]);
  const held = holdings(to);
  if (held.length > 0 && !options.replace) throw new TargetNotEmptyError(held);
  const unsupported = RANK_TABLE_ORDER.filter(
    (t) => !to.rank.tables.includes(t) && from.rank.segments.some((s) => s.table === t),
  );
  if (unsupported.length > 0) throw new UnsupportedTableError(unsupported);

  const metaMatches = compareMeta(from.meta, to.meta).every((c) => c.equal);
  const plan = planSegments(from.rank, to.rank);
  const metaTotal = metaMatches ? 0 : from.meta.reduce((n, t) => n + t.rows, 0);
  const total = metaTotal + plan.copy.reduce((n, s) => n + s.rows, 0);
  const codes = await marketCodes(source, from.rank);
  lap('check');

  let done = 0;
  let metaRowsCopied = 0;
  if (!metaMatches) {
    progress({ phase: 'MetaStore', done, total });
    const counted = tap<MetaTableBatch>(source.meta.exportTables(), (b) => {
      done += b.rows.length;
      progress({ phase: 'MetaStore', done, total });
    });
    metaRowsCopied = await target.meta.importTables(counted);
  }
  lap('meta');

  let rankRowsCopied = 0;
  for (const segment of plan.copy) {
    const phase = phaseOf(segment, codes);
    progress({ phase, done, total });
    const counted = tap(readAhead(source.rank.exportBatches(segment, batchRows)), (b) => {
      done += b.rows;
      progress({ phase, done, total });
    });
    rankRowsCopied += await target.rank.importBatches(segment, counted);
  }
  for (const segment of plan.remove) {
    progress({ phase: `emptying ${phaseOf(segment, codes)}`, done, total });
    await target.rank.importBatches(segment, none);
  }
  lap('rank');

  progress({ phase: 'verifying', done, total });
  // Nothing written: the checksums taken before still describe both sides.
  const wrote = !metaMatches || plan.copy.length > 0 || plan.remove.length > 0;
  const [after, check] = wrote ? await Promise.all([snapshot(source), snapshot(target)]) : [from, to];
  const tables = [...compareMeta(after.meta, check.meta), ...compareRank(after.rank, check.rank)];
  const differing = differingSegments(after.rank, check.rank);
  lap('verify');
  return {
    tables,
    differingSegments: differing,
    ok: differing.length === 0 && tables.every((t) => t.equal),
    metaRowsCopied,
    metaCopied: !metaMatches,
    rankRowsCopied,
    segments: { copied: plan.copy.length, alreadyMatching: plan.same.length, removed: plan.remove.length },
    timings,
  };
}
