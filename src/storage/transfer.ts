// The engine-neutral form in which a workspace moves from one pair of stores to another (`sightline
// migrate-data`): MetaStore tables as rows of canonical values, RankStore tables as columnar batches, and
// per-table row counts and checksums that both engines of a port compute identically, so that a copy can be
// proven complete by comparing numbers.
//
// RankStore checksums are computed inside each engine (DuckDB, ClickHouse) with integer arithmetic both
// evaluate identically: each row folds its column components c₁…cₙ into h = (h·1000003 + cᵢ) mod (2³¹−1),
// and a segment's checksum is Σh over its rows (order-independent, so neither engine has to sort). The
// components of a value, by column kind:
// - integers and dates (days since 1970-01-01): the value; nullable ones 0 for null, else value + 1;
// - strings: the first 60 bits of the MD5 of the UTF-8 bytes (its first 15 hex digits) mod (2³¹−1);
//   nullable: 0 for null, else that + 1;
// - string sets (campaign tags, groups): their size, and Σ of their strings' components mod (2³¹−1);
// - doubles: ⌊x·2²⁴⌋ and ⌊frac(x·2²⁴)·2²⁹⌋, exact operations in IEEE arithmetic (scaling by a power of two,
//   taking the integer part), so the value is compared down to 2⁻⁵³.
// MetaStore checksums are computed in JS (SQLite has no built-in hash function), from each row's canonical
// values — what the port's reads see — so a number read back as the string pg gives for int8 still matches.

/** A MetaStore value in canonical form: booleans as 0/1, every integer as a number, text as text. */
export type MetaValue = string | number | null;

/** Rows of one MetaStore table; `columns` names the values of each row, in order. */
export interface MetaTableBatch {
  table: string;
  columns: string[];
  rows: MetaValue[][];
}

/** A table's row count and checksum (16 hex digits) as compared by migrate-data. */
export interface TableChecksum {
  table: string;
  rows: number;
  checksum: string;
}

export type RankColumnKind =
  'u8' | 'u16' | 'u32' | 'int' | 'f64' | 'day' | 'u32?' | 'day?' | 'str' | 'str?' | 'strs';

/** The JS container of a column of each kind (`int`: any safe non-negative integer, e.g. a 64-bit count). */
export interface RankColumnOf {
  u8: Uint8Array;
  u16: Uint16Array;
  u32: Uint32Array;
  int: Float64Array;
  f64: Float64Array;
  /** Days since 1970-01-01. */
  day: Int32Array;
  'u32?': (number | null)[];
  'day?': (number | null)[];
  str: string[];
  'str?': (string | null)[];
  /** A set of strings per row (order carries no meaning). */
  strs: string[][];
}

export type RankColumn = RankColumnOf[RankColumnKind];

export interface RankColumnSpec {
  name: string;
  kind: RankColumnKind;
}

const c = (name: string, kind: RankColumnKind): RankColumnSpec => ({ name, kind });

/**
 * The RankStore's tables in their engine-neutral form, in the order a transfer moves them. Ids are kept, so
 * facts and dimensions stay joined and the MetaStore's campaign ids stay valid.
 */
export const RANK_TABLES = {
  markets: [c('id', 'u16'), c('code', 'str')],
  domains: [c('id', 'u32'), c('domain', 'str')],
  hosts: [c('id', 'u32'), c('host', 'str'), c('domain_id', 'u32')],
  urls: [c('id', 'u32'), c('url', 'str'), c('host_id', 'u32'), c('path', 'str'), c('title', 'str?')],
  keywords: [c('id', 'u32'), c('market_id', 'u16'), c('text', 'str'), c('sv', 'u32?')],
  campaign_keywords: [
    c('campaign_id', 'u32'),
    c('keyword_id', 'u32'),
    c('market_id', 'u16'),
    c('tags', 'strs'),
    c('groups', 'strs'),
  ],
  // The registrable domains each campaign declared (RankStore.prepareCampaignReads), in the market of its
  // keywords (a campaign without keywords declares none): the target's copies are rebuilt from them.
  campaign_domains: [c('campaign_id', 'u32'), c('market_id', 'u16'), c('domain', 'str')],
  serp_snapshots: [c('market_id', 'u16'), c('date', 'day'), c('keywords', 'u32'), c('results', 'int')],
  empty_snapshots: [c('market_id', 'u16'), c('date', 'day'), c('keyword_id', 'u32')],
  gsc_rows: [
    c('property', 'str'),
    c('search_type', 'str'),
    c('period', 'str'),
    c('source', 'str'),
    c('dimensions', 'str'),
    c('date', 'day?'),
    c('query', 'str?'),
    c('page', 'str?'),
    c('country', 'str?'),
    c('device', 'str?'),
    c('search_appearance', 'str?'),
    c('clicks', 'int'),
    c('impressions', 'int'),
    c('ctr', 'f64'),
    c('position', 'f64'),
  ],
  serp_results: [
    c('market_id', 'u16'),
    c('date', 'day'),
    c('keyword_id', 'u32'),
    c('position', 'u8'),
    c('result_type', 'u8'),
    c('url_id', 'u32'),
    c('host_id', 'u32'),
    c('domain_id', 'u32'),
  ],
} as const satisfies Record<string, readonly RankColumnSpec[]>;

export type RankTable = keyof typeof RANK_TABLES;

export const RANK_TABLE_ORDER = Object.keys(RANK_TABLES) as RankTable[];

/**
 * The unit a RankStore transfer copies, checks and (on a re-run) skips: serp_results per market and snapshot
 * date, every other table whole (marketId and date null).
 */
export interface RankSegment {
  table: RankTable;
  marketId: number | null;
  /** `YYYY-MM-DD`. */
  date: string | null;
}

export interface RankSegmentChecksum extends RankSegment {
  rows: number;
  /** Σ of the rows' hashes (a non-negative integer in decimal), see the header of this file. */
  sum: string;
}

export interface RankChecksums {
  /** The tables this store can hold; a transfer refuses to move rows of any other table into it. */
  tables: RankTable[];
  /** Every segment that holds rows (empty segments are absent). */
  segments: RankSegmentChecksum[];
}

/** Rows of one table, column by column (index i of every column is row i). */
export interface RankBatch {
  table: RankTable;
  rows: number;
  columns: Record<string, RankColumn>;
}

/** Rows per batch when a caller does not say: 22 MB of serp_results in ClickHouse's RowBinary. */
export const DEFAULT_BATCH_ROWS = 1_000_000;

/** The modulus and multiplier of the row hash (see the header). */
export const HASH_MODULUS = 2_147_483_647;
export const HASH_MULTIPLIER = 1_000_003;

export function segmentOf(table: RankTable, marketId: number | null = null, date: string | null = null) {
  return { table, marketId, date } satisfies RankSegment;
}

/** A stable text key of a segment (`serp_results/1/2025-06-30`, `urls`). */
export function segmentKey(s: RankSegment): string {
  return s.marketId === null ? s.table : `${s.table}/${s.marketId}/${s.date ?? ''}`;
}

/** An empty column of a kind with room for `n` values (typed arrays are zero-filled). */
export function newColumn<K extends RankColumnKind>(kind: K, n: number): RankColumnOf[K] {
  const make: { [k in RankColumnKind]: (n: number) => RankColumnOf[k] } = {
    u8: (k) => new Uint8Array(k),
    u16: (k) => new Uint16Array(k),
    u32: (k) => new Uint32Array(k),
    int: (k) => new Float64Array(k),
    f64: (k) => new Float64Array(k),
    day: (k) => new Int32Array(k),
    'u32?': (k) => new Array<number | null>(k).fill(null),
    'day?': (k) => new Array<number | null>(k).fill(null),
    str: (k) => new Array<string>(k).fill(''),
    'str?': (k) => new Array<string | null>(k).fill(null),
    strs: (k) => Array.from({ length: k }, () => []),
  };
  return make[kind](n);
}

/** The first `n` values of a column (a view for typed arrays). */
export function truncateColumn(column: RankColumn, n: number): RankColumn {
  if (Array.isArray(column)) return column.length === n ? column : column.slice(0, n);
  return column.length === n ? column : column.subarray(0, n);
}

/** The batch's column `name`, checked against the kind the table declares. */
export function batchColumn<K extends RankColumnKind>(
  batch: RankBatch,
  name: string,
  kind: K,
): RankColumnOf[K] {
  const column = batch.columns[name];
  const typed: Partial<Record<RankColumnKind, new (n: number) => ArrayLike<number>>> = {
    u8: Uint8Array,
    u16: Uint16Array,
    u32: Uint32Array,
    int: Float64Array,
    f64: Float64Array,
    day: Int32Array,
  };
  const ctor = typed[kind];
  const ok =
    column !== undefined &&
    column.length >= batch.rows &&
    (ctor === undefined ? Array.isArray(column) : column instanceof ctor);
  if (!ok) throw new TypeError(`batch of ${batch.table} lacks column ${name} of kind ${kind}`);
  return column as RankColumnOf[K];
}

/** Σ of segment checksums of a table, as 16 hex digits (the sum mod 2⁶⁴). */
export function combineSums(sums: readonly string[]): string {
  const total = sums.reduce((acc, s) => acc + BigInt(s), 0n);
  return BigInt.asUintN(64, total).toString(16).padStart(16, '0');
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, and back. */
export function dayOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

export function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Refuses a batch of another table, or (serp_results) a row outside the segment's market and date. */
export function checkBatch(segment: RankSegment, batch: RankBatch): void {
  if (batch.table !== segment.table) {
    throw new Error(`a batch of ${batch.table} cannot go into segment ${segmentKey(segment)}`);
  }
  if (segment.marketId === null) return;
  const market = batchColumn(batch, 'market_id', 'u16');
  const day = batchColumn(batch, 'date', 'day');
  const want = dayOf(segment.date ?? '');
  for (let i = 0; i < batch.rows; i++) {
    if (market[i] !== segment.marketId || day[i] !== want) {
      throw new Error(`row ${i} of a ${batch.table} batch lies outside segment ${segmentKey(segment)}`);
    }
  }
}
