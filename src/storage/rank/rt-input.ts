// Input checks the rank-tracking reads share (DuckDB and ClickHouse), so both engines refuse the same input
// with the same message before any SQL is written.
import type { RtQuery } from '../rank-tracking-reads';
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

/** Result types of a page from a bit set (bit i = RESULT_TYPES[i]). */
export function typeBits(bits: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 31; i++) if ((bits & (1 << i)) !== 0) out.push(i);
  return out;
}
