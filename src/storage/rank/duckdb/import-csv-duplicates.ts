// Duplicate positions of the generic SERP CSV fast path (import-csv.ts), found exactly as the streaming path
// finds them: the parser rejects a position repeated within a run of consecutive rows of one snapshot, the
// stager one the file gives again later for the same snapshot.
import type { SerpCsvReject } from '../serp-csv-stage';
import type { Session } from './db';

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
  // Most files repeat no position, which one hash per row shows: a repeat hashes like the row it repeats,
  // so a file with one never passes here (a collision only sends a file without one to the search below).
  const keys = await s.one(`SELECT count(*) AS n, count(DISTINCT hash(mid, kid, day, pos)) AS d
    FROM ${chk} WHERE fault < 0`);
  if (Number(keys.n) === Number(keys.d)) return [];
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
