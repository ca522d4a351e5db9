// One-to-one comparison (issue 6 item 3): two hosts over the same market and dates, keyword by keyword. Each
// side is the host's own rank data (as the visibility explorer loads it: the host's results and every
// snapshot of the keywords it ranks for), so each side's best position and keyword score (DESIGN §3) are
// exact. A keyword is in the comparison when either host ranks for it (top 100) at the end date; it then
// falls in exactly one of shared / only A / only B, and a shared keyword in at most one of A ahead / B ahead
// (equal best positions are in neither).
import { ctrAt, type CtrModel } from './ctr-model';
import { deltas, type XDeltas } from './deltas';
import { bestResult } from './explorer';
import { snapshotAt, snapshotFloor, type RankData } from './rank-data';
import { matchesTarget, type Target } from './targets';

export const ONE_TO_ONE_GROUPS = ['shared', 'onlyA', 'onlyB', 'aAhead', 'bAhead'] as const;
export type OneToOneGroup = (typeof ONE_TO_ONE_GROUPS)[number];

/** One host of the comparison: its rank data and target. */
export interface ComparedHost {
  data: RankData;
  target: Target;
}

/** One host on one keyword at the end date, against the start date. */
export interface OneToOneCell {
  /** Best position at the end date; null when the host does not rank. */
  position: number | null;
  /** URL of that best result. */
  url: string | null;
  /** Best position at the start date; null when the host did not rank. */
  positionStart: number | null;
  /** Keyword score at the end date (sv × Σ ctr over the host's results; estimated monthly clicks). */
  score: number;
  scoreDeltas: XDeltas;
}

export interface OneToOneRow {
  keywordId: number;
  keyword: string;
  /** Monthly searches; null when unknown (the keyword then scores 0). */
  searchVolume: number | null;
  a: OneToOneCell;
  b: OneToOneCell;
}

/** sv × Σ ctr(p) over the host's results of the keyword at d (0 when none or when sv is unknown). */
function keywordScoreAt(side: ComparedHost, keywordId: number, d: string, ctr: CtrModel): number {
  const k = side.data.keywords.get(keywordId);
  const s = k === undefined || k.sv === null ? null : snapshotAt(side.data, keywordId, d, snapshotFloor(d));
  if (s === null) return 0;
  let sum = 0;
  for (const r of s.results) if (matchesTarget(side.target, r)) sum += ctrAt(ctr, r.position);
  return k!.sv! * sum;
}

function cellOf(
  side: ComparedHost,
  keywordId: number,
  start: string,
  end: string,
  ctr: CtrModel,
): OneToOneCell {
  const best = bestResult(side.data, side.target, keywordId, end);
  const before = bestResult(side.data, side.target, keywordId, start);
  const score = keywordScoreAt(side, keywordId, end, ctr);
  return {
    position: best?.position ?? null,
    url: best?.url ?? null,
    positionStart: before?.position ?? null,
    score,
    scoreDeltas: deltas(keywordScoreAt(side, keywordId, start, ctr), score),
  };
}

/** Every keyword either host ranks for at `end`, with both hosts' cells; ordered by keyword id. */
export function compareHosts(
  a: ComparedHost,
  b: ComparedHost,
  start: string,
  end: string,
  ctr: CtrModel,
): OneToOneRow[] {
  const ids = [...new Set([...a.data.keywords.keys(), ...b.data.keywords.keys()])].sort((x, y) => x - y);
  const rows: OneToOneRow[] = [];
  for (const id of ids) {
    const cellA = cellOf(a, id, start, end, ctr);
    const cellB = cellOf(b, id, start, end, ctr);
    if (cellA.position === null && cellB.position === null) continue;
    const k = a.data.keywords.get(id) ?? b.data.keywords.get(id)!;
    rows.push({ keywordId: id, keyword: k.text ?? '', searchVolume: k.sv, a: cellA, b: cellB });
  }
  return rows;
}

/** The groups a row belongs to: one of shared / onlyA / onlyB, plus aAhead or bAhead for a shared one. */
export function groupsOf(row: Pick<OneToOneRow, 'a' | 'b'>): OneToOneGroup[] {
  const pa = row.a.position;
  const pb = row.b.position;
  if (pa === null) return pb === null ? [] : ['onlyB'];
  if (pb === null) return ['onlyA'];
  if (pa < pb) return ['shared', 'aAhead'];
  return pb < pa ? ['shared', 'bAhead'] : ['shared'];
}

export function inGroup(row: Pick<OneToOneRow, 'a' | 'b'>, group: OneToOneGroup): boolean {
  return groupsOf(row).includes(group);
}

/** How many rows each group holds. */
export function groupCounts(rows: readonly Pick<OneToOneRow, 'a' | 'b'>[]): Record<OneToOneGroup, number> {
  const out = Object.fromEntries(ONE_TO_ONE_GROUPS.map((g) => [g, 0])) as Record<OneToOneGroup, number>;
  for (const row of rows) for (const g of groupsOf(row)) out[g] += 1;
  return out;
}
