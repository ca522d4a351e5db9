// Input checks the rank-tracking reads share (DuckDB and ClickHouse), so both engines refuse the same input
// with the same message before any SQL is written.
import type { RtPageQuery, RtQuery } from '../rank-tracking-reads';
import { checkDate, checkMarket, RankInputError } from './input';

/** Checks a rank-tracking query; throws RankInputError naming what is wrong. */
export function checkRtQuery(q: Omit<RtQuery, 'targets'> & { targets?: RtQuery['targets'] }): void {
  checkMarket(q.market);
  if (!Number.isSafeInteger(q.campaignId) || q.campaignId < 1) {
    throw new RankInputError(`campaign id must be a positive integer, got ${q.campaignId}`);
  }
  checkDate(q.from);
  checkDate(q.to);
  if (q.from > q.to) throw new RankInputError(`from ${q.from} is after to ${q.to}`);
  for (const id of q.keywordIds ?? []) {
    if (!Number.isSafeInteger(id) || id < 1) throw new RankInputError(`expected a keyword id, got ${id}`);
  }
  for (const d of q.dates ?? []) checkDate(d);
  for (const t of q.targets ?? []) {
    const f = t.filter;
    if (f.host === '' || f.host !== f.host.toLowerCase() || f.domain !== f.domain.toLowerCase()) {
      throw new RankInputError(`expected a lower-case host filter, got ${JSON.stringify(f.value)}`);
    }
    if (f.kind === 'path' && (f.path === null || !f.path.startsWith('/'))) {
      throw new RankInputError(`a path filter needs a path starting with /, got ${JSON.stringify(f.value)}`);
    }
  }
}

/** Checks a rank-table page query (RtPageQuery); throws RankInputError naming what is wrong. */
export function checkRtPageQuery(q: RtPageQuery): void {
  const dates = [q.start, ...(q.previous === null ? [] : [q.previous]), q.end, ...q.history];
  checkRtQuery({ ...q, targets: [q.focus], from: q.start, to: q.end, keywordIds: null, dates });
  // The previous snapshot is the one just before the end, whatever the start (dates.ts).
  if (q.previous !== null && q.previous >= q.end) {
    throw new RankInputError(`previous ${q.previous} is not before end ${q.end}`);
  }
  const f = q.filter;
  const whole = (name: string, v: number | null, min: number) => {
    if (v !== null && (!Number.isSafeInteger(v) || v < min)) {
      throw new RankInputError(`${name} must be an integer ≥ ${min}, got ${v}`);
    }
  };
  whole('offset', q.offset, 0);
  whole('limit', q.limit, 1);
  whole('moveBy', f.moveBy, 0);
  whole('minPosition', f.minPosition, 0);
  whole('maxPosition', f.maxPosition, 0);
}

/**
 * The snapshot dates whose focus hits a page reads, ascending and each once: the compared ones (start,
 * previous, end), plus every snapshot of the history up to the end when sorting by best position (the best
 * ever, rows.ts) or those in [start, end] when keeping cannibalised keywords only (cannibalisation.ts).
 */
export function pageDates(q: RtPageQuery): string[] {
  const compared = [q.start, ...(q.previous === null ? [] : [q.previous]), q.end];
  const from = q.sort.field === 'best' ? '' : q.filter.cannibalised ? q.start : null;
  const history = from === null ? [] : q.history.filter((d) => d >= from && d <= q.end);
  return [...new Set([...compared, ...history])].sort();
}

/**
 * The column each page sort reads, as both engines' page queries name them: the keyword's text and volume,
 * and the focus target's end position, change since the start and since the previous snapshot, and best
 * position ever.
 */
export const PAGE_SORT_COLUMN = {
  keyword: 'text',
  volume: 'sv',
  position: 'e',
  change: 'chg',
  previousChange: 'prev_chg',
  best: 'b',
} as const satisfies Record<RtPageQuery['sort']['field'], string>;

/** Result types of a page from a bit set (bit i = RESULT_TYPES[i]). */
export function typeBits(bits: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 31; i++) if ((bits & (1 << i)) !== 0) out.push(i);
  return out;
}
