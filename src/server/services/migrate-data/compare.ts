// Comparing two workspaces by their stores' checksums (src/storage/transfer.ts): per MetaStore table, per
// RankStore table (the sum of its segments), and per RankStore segment, which is what a re-run uses to skip
// what already matches.
import {
  combineSums,
  RANK_TABLE_ORDER,
  segmentKey,
  type RankChecksums,
  type RankSegmentChecksum,
  type TableChecksum,
} from '@storage/transfer';

export type StoreName = 'MetaStore' | 'RankStore';

export interface TableSide {
  rows: number;
  /** 16 hex digits. */
  checksum: string;
}

export interface TableComparison {
  store: StoreName;
  table: string;
  /** Null when that side's store has no such table. */
  source: TableSide | null;
  target: TableSide | null;
  equal: boolean;
}

const EMPTY: TableSide = { rows: 0, checksum: '0'.repeat(16) };

function sameSide(a: TableSide | null, b: TableSide | null): boolean {
  const x = a ?? EMPTY;
  const y = b ?? EMPTY;
  return x.rows === y.rows && x.checksum === y.checksum;
}

export function compareMeta(source: readonly TableChecksum[], target: readonly TableChecksum[]) {
  const names = [...new Set([...source, ...target].map((t) => t.table))];
  return names.map((table): TableComparison => {
    const side = (list: readonly TableChecksum[]) => {
      const t = list.find((x) => x.table === table);
      return t === undefined ? null : { rows: t.rows, checksum: t.checksum };
    };
    const s = side(source);
    const t = side(target);
    return { store: 'MetaStore', table, source: s, target: t, equal: sameSide(s, t) };
  });
}

function rankSide(c: RankChecksums, table: string): TableSide | null {
  if (!c.tables.some((t) => t === table)) return null;
  const segments = c.segments.filter((s) => s.table === table);
  return {
    rows: segments.reduce((n, s) => n + s.rows, 0),
    checksum: combineSums(segments.map((s) => s.sum)),
  };
}

export function compareRank(source: RankChecksums, target: RankChecksums): TableComparison[] {
  return RANK_TABLE_ORDER.filter((t) => source.tables.includes(t) || target.tables.includes(t)).map(
    (table) => {
      const s = rankSide(source, table);
      const t = rankSide(target, table);
      return { store: 'RankStore', table, source: s, target: t, equal: sameSide(s, t) };
    },
  );
}

export interface SegmentPlan {
  /** Source segments the target lacks or holds differently, in transfer order. */
  copy: RankSegmentChecksum[];
  /** Source segments the target already holds identically. */
  same: RankSegmentChecksum[];
  /** Target segments the source does not have (emptied by the transfer). */
  remove: RankSegmentChecksum[];
}

export function planSegments(source: RankChecksums, target: RankChecksums): SegmentPlan {
  const held = new Map(target.segments.map((s) => [segmentKey(s), s]));
  const wanted = new Set(source.segments.map(segmentKey));
  const copy: RankSegmentChecksum[] = [];
  const same: RankSegmentChecksum[] = [];
  for (const s of source.segments) {
    const t = held.get(segmentKey(s));
    if (t !== undefined && t.rows === s.rows && t.sum === s.sum) same.push(s);
    else copy.push(s);
  }
  const remove = target.segments.filter((s) => !wanted.has(segmentKey(s)));
  const order = (a: RankSegmentChecksum, b: RankSegmentChecksum) =>
    RANK_TABLE_ORDER.indexOf(a.table) - RANK_TABLE_ORDER.indexOf(b.table) ||
    (a.marketId ?? 0) - (b.marketId ?? 0) ||
    (a.date ?? '').localeCompare(b.date ?? '');
  return { copy: copy.sort(order), same, remove: remove.sort(order) };
}

/** Segments whose rows or checksum differ between the two sides (either side missing counts). */
export function differingSegments(source: RankChecksums, target: RankChecksums): string[] {
  const plan = planSegments(source, target);
  return [...plan.copy, ...plan.remove].map(segmentKey);
}
