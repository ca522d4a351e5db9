// The market rollup of the visibility explorer: ve_roll holds, per (market, snapshot date, domain, host, first
// path segment, result type, position), Σ search volume of the market's keywords with a result there
// (monthly searches, known volumes only), how many of those results have a known volume, and how many there
// are. A registrable domain's, host's or one-segment path's (`/blog`: DESIGN §3 matches exactly the URLs
// whose first segment it is) VS per point and result type under any CTR curve is then Σ ctr(position) × sv
// over its rollup rows, without reading its results (a keyword's score sums ctr over each of its matching
// results, and each result falls in exactly one row), and a domain's VS over the whole market bounds its VS
// over any subset of the keywords (the league's candidates, league.ts). ve_roll_state holds per market the
// signature of the keyword volumes the rollup was built from, and a read uses it only while it still matches
// (veRollFresh). Every SERP write refreshes its (market, date) pairs (refreshDerived), and every change of
// volumes rebuilds the rollup of the markets whose signature no longer matches.
import { SIGNATURE_SQL } from '../cv/rollup';
import type { DuckDb, Session } from '../db';
import { pairFilter, pairsByMarket, type MarketDates } from '../pairs';

/** The rollup table: as v7 created it, or with the first path segment of each result's URL (v9). */
const rollTable = (segments: boolean) => `CREATE TABLE ve_roll (
    market_id SMALLINT NOT NULL,
    date DATE NOT NULL,
    domain_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL,${segments ? '\n    segment VARCHAR NOT NULL,' : ''}
    result_type UTINYINT NOT NULL,
    position UTINYINT NOT NULL,
    sv BIGINT NOT NULL,
    known BIGINT NOT NULL,
    results BIGINT NOT NULL
  )`;

/** Statements of the schema migration (v7) that created the rollup (without segments) and its state. */
export const VE_ROLL_MIGRATION = [
  rollTable(false),
  `CREATE TABLE ve_roll_state (
    market_id SMALLINT NOT NULL,
    keywords BIGINT NOT NULL,
    sig UBIGINT NOT NULL
  )`,
];

/**
 * Statements of the schema migration (v9) that gives the rollup its segments; the migration then rebuilds it
 * for the stored data. Its grouping adds little: a host's URLs share a few first segments.
 */
export const VE_ROLL_SEGMENTS_MIGRATION = ['DROP TABLE ve_roll', rollTable(true)];

/**
 * The first segment of a URL path as SQL: `/blog` for `/blog`, `/blog/` and `/blog/a/b`, the whole path when
 * it has no `/` after its first character. For a prefix P of that form (`/` then no `/`), a path's segment is
 * P exactly when the path is P or starts with P + `/`: the host-with-path rule of DESIGN §3.
 */
const segmentSql = (path: string) =>
  `CASE WHEN strpos(substr(${path}, 2), '/') = 0 THEN ${path} ELSE substr(${path}, 1, strpos(substr(${path}, 2), '/')) END`;

/** The path prefix when the rollup answers for it (one segment), else null. */
export function rolledSegment(path: string | null): string | null {
  return path !== null && /^\/[^/]+$/u.test(path) ? path : null;
}

/** The market's keyword count and volume signature, as SQL over the markets listed by `marketsSql`. */
const currentSql = (marketsSql: string) => `SELECT market_id, count(*) AS keywords, ${SIGNATURE_SQL} AS sig
  FROM (SELECT market_id, id AS keyword_id, sv FROM keywords WHERE market_id IN (${marketsSql}))
  GROUP BY market_id`;

/**
 * Inserts the rollup rows of the results of one market's listed dates, or of every date of the market whose
 * id is given, sorted by date and domain so that a domain's rows prune by min/max. Market and dates are
 * literals, so the scan reads only their row groups (pairs.ts).
 */
async function insertRoll(s: Session, only: MarketDates | number): Promise<void> {
  const where = typeof only === 'number' ? `r.market_id = ${only}` : pairFilter('r', only);
  // A URL's host and path never change, so each URL's segment is read from urls with its id.
  await s.run(`INSERT INTO ve_roll
    SELECT r.market_id, r.date, r.domain_id, r.host_id, u.segment, r.result_type, r.position,
      CAST(coalesce(sum(k.sv), 0) AS BIGINT), count(k.sv), count(*)
    FROM serp_results r JOIN keywords k ON k.id = r.keyword_id
    JOIN (SELECT id, ${segmentSql('path')} AS segment FROM urls) u ON u.id = r.url_id
    WHERE ${where}
    GROUP BY ALL ORDER BY 2, 3`);
}

/** Rebuilds whole the rollup of the markets staged in `ve_stale` (market_id, keywords, sig). */
async function rebuildStale(s: Session): Promise<void> {
  await s.run('DELETE FROM ve_roll WHERE market_id IN (SELECT market_id FROM ve_stale)');
  await s.run('DELETE FROM ve_roll_state WHERE market_id IN (SELECT market_id FROM ve_stale)');
  for (const m of await s.all('SELECT market_id FROM ve_stale ORDER BY market_id')) {
    await insertRoll(s, Number(m.market_id));
  }
  await s.run('INSERT INTO ve_roll_state SELECT market_id, keywords, sig FROM ve_stale');
}

/** Stages in `ve_stale` the listed markets whose rollup is missing or built from other volumes. */
async function stageStale(s: Session, marketsSql: string): Promise<number> {
  await s.run(`CREATE OR REPLACE TEMP TABLE ve_stale AS
    SELECT cur.* FROM (${currentSql(marketsSql)}) cur
    LEFT JOIN ve_roll_state o ON o.market_id = cur.market_id
    WHERE o.market_id IS NULL OR o.keywords <> cur.keywords OR o.sig <> cur.sig`);
  return s.number('SELECT count(*) FROM ve_stale');
}

/** Rebuilds the rollup of each listed market whose keyword volumes changed since it was built. */
export async function refreshVeRollups(s: Session, marketsSql: string): Promise<void> {
  try {
    if ((await stageStale(s, marketsSql)) > 0) await rebuildStale(s);
  } finally {
    await s.run('DROP TABLE IF EXISTS ve_stale');
  }
}

/**
 * Refreshes the rollup for the (market_id, date) pairs staged in refresh_pairs, or every snapshot when
 * `all`: a market whose volumes changed is rebuilt whole, the others have their pairs' rows rewritten.
 */
export async function refreshVeRollPairs(s: Session, all: boolean): Promise<void> {
  if (all) {
    await s.run('DELETE FROM ve_roll');
    await s.run('DELETE FROM ve_roll_state');
    await refreshVeRollups(s, 'SELECT id FROM markets');
    return;
  }
  try {
    if ((await stageStale(s, 'SELECT DISTINCT market_id FROM refresh_pairs')) > 0) await rebuildStale(s);
    await s.run(`CREATE OR REPLACE TEMP TABLE ve_pairs AS
      SELECT * FROM refresh_pairs WHERE market_id NOT IN (SELECT market_id FROM ve_stale)`);
    await s.run(`DELETE FROM ve_roll USING ve_pairs p
      WHERE ve_roll.market_id = p.market_id AND ve_roll.date = p.date`);
    for (const pairs of await pairsByMarket(s, 've_pairs')) await insertRoll(s, pairs);
  } finally {
    await s.run('DROP TABLE IF EXISTS ve_stale');
    await s.run('DROP TABLE IF EXISTS ve_pairs');
  }
}

/**
 * True when the market's rollup was built from its keywords' current volumes; memoised until the next write,
 * as every explorer read of the market asks.
 */
export function veRollFresh(db: DuckDb, s: Session, mid: number): Promise<boolean> {
  return db.memoised(`ve_roll fresh ${mid}`, async () => {
    const rows = await s.all(`SELECT 1 FROM (${currentSql(String(mid))}) cur
      JOIN ve_roll_state o ON o.market_id = cur.market_id AND o.keywords = cur.keywords AND o.sig = cur.sig`);
    return rows.length > 0;
  });
}
