// Duplicate positions of the generic SERP CSV fast path (import-csv.ts), found exactly as the streaming path
// finds them: the parser rejects a position repeated within a run of consecutive rows of one snapshot, the
// stager one the file gives again later for the same snapshot.
import { MAX_POSITION } from '@core/ctr';
import type { SerpCsvReject } from '../serp-csv-stage';
import type { Session } from './db';
import { positionBits } from './dims';

/** Lines of the duplicate-check window read per round trip. */
const WINDOW = 100_000;

export type DuplicateReject<C extends string> = (
  mid: number,
  kid: number,
  day: number,
  position: number,
  line: number,
  /** Line of the snapshot's first row for a repeat the stager finds; null for one within a run. */
  first: number | null,
) => SerpCsvReject<C>;

/**
 * Rows that give a position of their snapshot again, found as the streaming path finds them: the parser
 * rejects a repeat within a run of consecutive rows of one snapshot, the stager one given later in the file
 * (and names the snapshot's first line). Only the lines spanned by snapshots that hold a repeated position
 * are read back; the rest cannot hold one. Fills `drop` (line, later: the stager's) and returns the rejects.
 */
export async function duplicatePositions<C extends string>(
  s: Session,
  chk: string,
  drop: string,
  reject: DuplicateReject<C>,
): Promise<SerpCsvReject<C>[]> {
  await s.run(`CREATE TEMP TABLE ${drop} (line INTEGER, later BOOLEAN)`);
  // Most files repeat no position, which one bit per position of each snapshot shows (accepted positions
  // are 1…MAX_POSITION, so two 64-bit words hold them): a snapshot with fewer bits set than rows repeats
  // one. Grouping by snapshot keeps the hash table a hundredth of the rows' size.
  if (MAX_POSITION > 127) throw new RangeError('the repeat check holds positions below 128 only');
  const bits = positionBits('pos');
  const keys = await s.one(`SELECT coalesce(bool_or(n > bit_count(lo) + bit_count(hi)), false) AS repeats
    FROM (SELECT count(*) AS n, ${bits.lo} AS lo, ${bits.hi} AS hi
      FROM ${chk} WHERE fault < 0 GROUP BY mid, kid, day)`);
  if (keys.repeats === false) return [];
  const span = await s.one(`SELECT min(c.line) AS lo, max(c.line) AS hi FROM ${chk} c SEMI JOIN (
      SELECT mid, kid, day FROM ${chk} WHERE fault < 0 GROUP BY mid, kid, day, pos HAVING count(*) > 1) x
    ON x.mid = c.mid AND x.kid = c.kid AND x.day = c.day WHERE c.fault < 0`);
  if (span.lo === null) return [];
  const out: SerpCsvReject<C>[] = [];
  const snapshots = new Map<string, { first: number; used: Set<number> }>();
  let run = '';
  const used = new Set<number>();
  for (let from = Number(span.lo); from <= Number(span.hi); from += WINDOW) {
    const rows = await s.all(`SELECT line, mid, kid, day, pos FROM ${chk}
      WHERE fault < 0 AND line >= ${from} AND line < ${Math.min(from + WINDOW, Number(span.hi) + 1)} ORDER BY line`);
    for (const r of rows) {
      const [line, mid, kid, day, pos] = [r.line, r.mid, r.kid, r.day, r.pos].map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      const key = `${mid}:${kid}:${day}`;
      if (key !== run) {
        run = key;
        used.clear();
      } else if (used.has(pos)) {
        out.push(reject(mid, kid, day, pos, line, null));
        continue;
      }
      used.add(pos);
      let snap = snapshots.get(key);
      if (snap === undefined) snapshots.set(key, (snap = { first: line, used: new Set() }));
      if (snap.used.has(pos)) out.push(reject(mid, kid, day, pos, line, snap.first));
      else snap.used.add(pos);
    }
  }
  await s.append(drop, (a) => {
    for (const r of out) {
      a.appendInteger(r.line);
      a.appendBoolean(r.column < 0);
      a.endRow();
    }
  });
  return out;
}
