// Campaign rollups (schema v4) that let the unfiltered campaign-visibility reads skip the SERP rows:
// cv_roll holds, per (campaign, snapshot date, host, result type, position), Σ search volume of the campaign's
// keywords with a result there (monthly searches, known volumes only), so that a VS under any CTR curve is
// Σ ctr(position) × sv at read time; cv_roll_dates holds per (campaign, snapshot date) the keywords with a
// snapshot that day, those with one in the date's snapshot window, and Σ their volume; cv_roll_state the
// signature of the membership and volumes the rollup was built from. Every write keeps them in step:
// refreshDerived (SERP writes, per (market, date) pair) and refreshCampaignRollups (membership and volume
// changes, per campaign whose signature no longer matches). Both also refresh the declared derived tables
// (the campaigns' copies of their domains' results) for the same campaigns and dates (derived.ts,
// refreshCopies), in the same transaction.
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { Session } from '../db';
import { pairFilter, pairsByMarket } from '../pairs';
import { refreshCopies } from '../derived';

/** Signature of a set of (keyword_id, sv) rows: it changes with membership and with any volume. */
export const SIGNATURE_SQL = 'bit_xor(hash(keyword_id, coalesce(sv, -1)))';

/** Campaigns (membership rows `c`) whose ids are listed in temp table `table`. */
const inTable = (table: string) => `c.campaign_id IN (SELECT campaign_id FROM ${table})`;

/** Inserts cv_roll rows of the listed campaigns, from the results meeting `where` (all results when TRUE). */
async function insertRoll(s: Session, campaigns: string, where = 'TRUE'): Promise<void> {
  // Without campaigns there is nothing to roll up, but the join would still scan the written results
  // (2–7 s per 1.5 M-row range of a large import into a market no campaign uses).
  if ((await s.number(`SELECT count(*) FROM ${campaigns}`)) === 0) return;
  await s.run(`INSERT INTO cv_roll
    SELECT c.campaign_id, r.date, r.host_id, r.domain_id, r.result_type, r.position,
      CAST(coalesce(sum(k.sv), 0) AS BIGINT)
    FROM serp_results r
    JOIN campaign_keywords c ON c.keyword_id = r.keyword_id AND c.market_id = r.market_id
    JOIN keywords k ON k.id = r.keyword_id
    WHERE ${where} AND ${inTable(campaigns)}
    GROUP BY ALL ORDER BY 1, 2, 3`);
}

/** Rewrites cv_roll_dates and cv_roll_state of the listed campaigns (cheap: snapshot list, not results). */
async function rewriteDates(s: Session, campaigns: string): Promise<void> {
  await s.run(`DELETE FROM cv_roll_dates WHERE campaign_id IN (SELECT campaign_id FROM ${campaigns})`);
  await s.run(`DELETE FROM cv_roll_state WHERE campaign_id IN (SELECT campaign_id FROM ${campaigns})`);
  await s.run(`INSERT INTO cv_roll_dates
    WITH kd AS (
      SELECT c.campaign_id, d.date, d.keyword_id, k.sv FROM serp_keyword_dates d
      JOIN campaign_keywords c ON c.keyword_id = d.keyword_id AND c.market_id = d.market_id
      JOIN keywords k ON k.id = d.keyword_id
      WHERE ${inTable(campaigns)}
    ),
    days AS (
      SELECT campaign_id, date, count(*) AS keywords, CAST(coalesce(sum(sv), 0) AS BIGINT) AS sv
      FROM kd GROUP BY ALL
    )
    SELECT x.campaign_id, x.date, x.keywords, count(DISTINCT kd.keyword_id), x.sv
    FROM days x JOIN kd ON kd.campaign_id = x.campaign_id
      AND kd.date BETWEEN x.date - ${MAX_SNAPSHOT_AGE_DAYS} AND x.date
    GROUP BY x.campaign_id, x.date, x.keywords, x.sv ORDER BY 1, 2`);
  await s.run(`INSERT INTO cv_roll_state
    SELECT c.campaign_id, any_value(c.market_id), count(*), ${SIGNATURE_SQL}
    FROM campaign_keywords c JOIN keywords k ON k.id = c.keyword_id
    WHERE ${inTable(campaigns)} GROUP BY c.campaign_id`);
}

/**
 * Stages roll_camps(campaign_id, stale): campaigns with membership in the markets listed by `marketsSql`
 * or a rollup there; stale when the rollup's signature differs from the current membership and volumes.
 */
async function stageCampaigns(s: Session, marketsSql: string): Promise<void> {
  await s.run(`CREATE OR REPLACE TEMP TABLE roll_camps AS
    WITH cur AS (
      SELECT c.campaign_id, count(*) AS n, ${SIGNATURE_SQL} AS sig
      FROM campaign_keywords c JOIN keywords k ON k.id = c.keyword_id
      WHERE c.market_id IN (${marketsSql}) GROUP BY c.campaign_id
    ),
    old AS (SELECT * FROM cv_roll_state WHERE market_id IN (${marketsSql}))
    SELECT coalesce(cur.campaign_id, old.campaign_id) AS campaign_id,
      cur.n IS DISTINCT FROM old.keywords OR cur.sig IS DISTINCT FROM old.sig AS stale
    FROM cur FULL OUTER JOIN old ON old.campaign_id = cur.campaign_id`);
  await s.run('CREATE OR REPLACE TEMP TABLE roll_stale AS SELECT campaign_id FROM roll_camps WHERE stale');
}

/** Rebuilds every date of the campaigns in roll_stale. */
async function rebuildStale(s: Session): Promise<void> {
  await s.run('DELETE FROM cv_roll WHERE campaign_id IN (SELECT campaign_id FROM roll_stale)');
  await insertRoll(s, 'roll_stale');
}

async function dropStaged(s: Session): Promise<void> {
  await s.run('DROP TABLE IF EXISTS roll_camps');
  await s.run('DROP TABLE IF EXISTS roll_stale');
  await s.run('DROP TABLE IF EXISTS roll_fresh');
}

/**
 * After SERP writes of the (market_id, date) pairs in refresh_pairs (or of everything when `all`): the
 * campaigns of those markets get those dates' rollup rows rewritten, or every date when their signature
 * changed meanwhile (volumes updated by an import), and their date lists and signatures rewritten.
 * Their copies of domain results (derived.ts) are refreshed for the same campaigns and dates, unless
 * `copies` is false (the schema-4 migration, which runs before those tables exist).
 */
export async function refreshRollupsForSerps(
  s: Session,
  all: boolean,
  { copies = true }: { copies?: boolean } = {},
): Promise<void> {
  if (all) {
    await s.run('DELETE FROM cv_roll');
    await s.run('DELETE FROM cv_roll_dates');
    await s.run('DELETE FROM cv_roll_state');
    await s.run(`CREATE OR REPLACE TEMP TABLE roll_camps AS
      SELECT DISTINCT campaign_id, TRUE AS stale FROM campaign_keywords`);
    await s.run('CREATE OR REPLACE TEMP TABLE roll_stale AS SELECT campaign_id FROM roll_camps');
  } else {
    await stageCampaigns(s, 'SELECT DISTINCT market_id FROM refresh_pairs');
  }
  try {
    await rebuildStale(s);
    if (!all) {
      await s.run(`CREATE OR REPLACE TEMP TABLE roll_fresh AS SELECT x.campaign_id, p.date
        FROM roll_camps x JOIN cv_roll_state st ON st.campaign_id = x.campaign_id
        JOIN refresh_pairs p ON p.market_id = st.market_id WHERE NOT x.stale`);
      await s.run(`DELETE FROM cv_roll USING roll_fresh f
        WHERE cv_roll.campaign_id = f.campaign_id AND cv_roll.date = f.date`);
      // One insert per market with its dates as constants, so the scan reads only their row groups.
      for (const pairs of await pairsByMarket(s, 'refresh_pairs')) {
        await insertRoll(s, 'roll_fresh', pairFilter('r', pairs));
      }
    }
    await rewriteDates(s, 'roll_camps');
    if (copies) {
      await refreshCopies(
        s,
        all
          ? { all: true }
          : {
              campaigns: 'SELECT campaign_id FROM roll_stale',
              dates: 'SELECT campaign_id, date FROM roll_fresh',
            },
      );
    }
  } finally {
    await dropStaged(s);
  }
}

/**
 * After membership or volume changes in the markets listed by `marketsSql`: rebuilds the campaigns whose
 * signature changed (a campaign left without keywords loses its rollup) and their copies.
 */
export async function refreshCampaignRollups(s: Session, marketsSql: string): Promise<void> {
  await stageCampaigns(s, marketsSql);
  try {
    await rebuildStale(s);
    await rewriteDates(s, 'roll_stale');
    await refreshCopies(s, { campaigns: 'SELECT campaign_id FROM roll_stale' });
  } finally {
    await dropStaged(s);
  }
}

/** Statements of the schema migration that creates the rollups and builds them for the stored data. */
export const ROLLUP_MIGRATION = [
  `CREATE TABLE cv_roll (
    campaign_id INTEGER NOT NULL,
    date DATE NOT NULL,
    host_id INTEGER NOT NULL,
    domain_id INTEGER NOT NULL,
    result_type UTINYINT NOT NULL,
    position UTINYINT NOT NULL,
    sv BIGINT NOT NULL
  )`,
  `CREATE TABLE cv_roll_dates (
    campaign_id INTEGER NOT NULL,
    date DATE NOT NULL,
    keywords INTEGER NOT NULL,
    window_keywords INTEGER NOT NULL,
    sv BIGINT NOT NULL
  )`,
  `CREATE TABLE cv_roll_state (
    campaign_id INTEGER NOT NULL,
    market_id SMALLINT NOT NULL,
    keywords INTEGER NOT NULL,
    sig UBIGINT NOT NULL
  )`,
];
