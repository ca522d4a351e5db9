// RankStore schema on DuckDB and its migrations. The SERP fact table holds only small integers (market id,
// date, keyword id, position, result-type code, url/host/domain ids) so that 2.6 billion rows stay
// compact and scans stay fast; strings live once in the dimension tables. Rows are written in (market,
// date, keyword) order so DuckDB's per-row-group min/max (zone maps) skip what a query does not need.
import { refreshRollupsForSerps, ROLLUP_MIGRATION } from './cv/rollup';
import { TRACKED_HITS_MIGRATION } from './cv/tracked-hits';
import type { Session } from './db';
import { CV_COPY, RANK_COPY, RANK_URLS } from '../derived-tables';
import { CV_COPY_MIGRATION, DERIVED_MIGRATION, RANK_URLS_MIGRATION, refreshCopies } from './derived';
import { KEYWORD_DATES_SQL, KEYWORD_DATES_V7_SQL } from './dims';
import { refreshVeRollPairs, VE_ROLL_MIGRATION, VE_ROLL_SEGMENTS_MIGRATION } from './ve/roll';

interface Migration {
  version: number;
  statements: string[];
  /** Runs after the statements, in the same transaction (builds derived data). */
  after?: (s: Session) => Promise<void>;
}

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE markets (
        id SMALLINT PRIMARY KEY,
        code VARCHAR NOT NULL UNIQUE
      )`,
      `CREATE TABLE keywords (
        id INTEGER PRIMARY KEY,
        market_id SMALLINT NOT NULL,
        text VARCHAR NOT NULL,
        sv INTEGER,
        UNIQUE (market_id, text)
      )`,
      `CREATE TABLE domains (
        id INTEGER PRIMARY KEY,
        domain VARCHAR NOT NULL UNIQUE
      )`,
      `CREATE TABLE hosts (
        id INTEGER PRIMARY KEY,
        host VARCHAR NOT NULL UNIQUE,
        domain_id INTEGER NOT NULL
      )`,
      `CREATE TABLE urls (
        id INTEGER PRIMARY KEY,
        url VARCHAR NOT NULL UNIQUE,
        host_id INTEGER NOT NULL,
        path VARCHAR NOT NULL,
        title VARCHAR
      )`,
      // position 1–100 and result_type (index into RESULT_TYPES) fit one byte each.
      `CREATE TABLE serp_results (
        market_id SMALLINT NOT NULL,
        date DATE NOT NULL,
        keyword_id INTEGER NOT NULL,
        position UTINYINT NOT NULL,
        result_type UTINYINT NOT NULL,
        url_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        domain_id INTEGER NOT NULL
      )`,
      // Rollup per snapshot date, maintained by every write of serp_results: summaries never scan results.
      `CREATE TABLE serp_snapshots (
        market_id SMALLINT NOT NULL,
        date DATE NOT NULL,
        keywords INTEGER NOT NULL,
        results BIGINT NOT NULL
      )`,
      `CREATE TABLE campaign_keywords (
        campaign_id INTEGER NOT NULL,
        keyword_id INTEGER NOT NULL,
        market_id SMALLINT NOT NULL
      )`,
      `CREATE TABLE campaign_tags (
        campaign_id INTEGER NOT NULL,
        tag_id INTEGER NOT NULL,
        tag VARCHAR NOT NULL
      )`,
      `CREATE TABLE campaign_keyword_tags (
        campaign_id INTEGER NOT NULL,
        keyword_id INTEGER NOT NULL,
        tag_id INTEGER NOT NULL
      )`,
      `CREATE TABLE campaign_groups (
        campaign_id INTEGER NOT NULL,
        group_id INTEGER NOT NULL,
        label VARCHAR NOT NULL
      )`,
      `CREATE TABLE campaign_keyword_groups (
        campaign_id INTEGER NOT NULL,
        keyword_id INTEGER NOT NULL,
        group_id INTEGER NOT NULL
      )`,
    ],
  },
  {
    // Imports (issue 3): snapshots a rank tracker checked and found empty, and Search Console rows.
    version: 2,
    statements: [
      `CREATE TABLE empty_snapshots (
        market_id SMALLINT NOT NULL,
        date DATE NOT NULL,
        keyword_id INTEGER NOT NULL
      )`,
      // One row per (property, search type, period, source, dimensions, dimension values); clicks and
      // impressions are counts, ctr a fraction 0–1, position the average position.
      `CREATE TABLE gsc_rows (
        property VARCHAR NOT NULL,
        search_type VARCHAR NOT NULL,
        period VARCHAR NOT NULL,
        source VARCHAR NOT NULL,
        dimensions VARCHAR NOT NULL,
        date DATE,
        query VARCHAR,
        page VARCHAR,
        country VARCHAR,
        device VARCHAR,
        search_appearance VARCHAR,
        clicks BIGINT NOT NULL,
        impressions BIGINT NOT NULL,
        ctr DOUBLE NOT NULL,
        position DOUBLE NOT NULL
      )`,
    ],
  },
  {
    // Derived copies for campaign-visibility reads (issue 4), kept in step with serp_results by every write
    // (refreshDerived in dims.ts). serp_by_domain holds the same rows sorted by (market, domain, date,
    // keyword), so a per-domain filter prunes row groups by their min/max instead of reading the market's
    // whole span; serp_keyword_dates lists each (market, date, keyword) snapshot with at least one result
    // once, so the date rule of DESIGN §3 never reads results.
    version: 3,
    statements: [
      `CREATE TABLE serp_by_domain (
        market_id SMALLINT NOT NULL,
        domain_id INTEGER NOT NULL,
        date DATE NOT NULL,
        keyword_id INTEGER NOT NULL,
        position UTINYINT NOT NULL,
        result_type UTINYINT NOT NULL,
        url_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL
      )`,
      `INSERT INTO serp_by_domain
        SELECT market_id, domain_id, date, keyword_id, position, result_type, url_id, host_id
        FROM serp_results ORDER BY market_id, domain_id, date, keyword_id, position`,
      `CREATE TABLE serp_keyword_dates (
        market_id SMALLINT NOT NULL,
        date DATE NOT NULL,
        keyword_id INTEGER NOT NULL
      )`,
      `INSERT INTO serp_keyword_dates
        SELECT DISTINCT market_id, date, keyword_id FROM serp_results ORDER BY market_id, date, keyword_id`,
    ],
  },
  {
    // Campaign rollups for the unfiltered campaign-visibility reads (cv/rollup.ts), built for stored data.
    version: 4,
    statements: ROLLUP_MIGRATION,
    after: (s) => refreshRollupsForSerps(s, true, { copies: false }),
  },
  {
    // Per-campaign copies of the results of the domains its reads asked about, learnt from reads (replaced
    // in v12 by the declared copy).
    version: 5,
    statements: TRACKED_HITS_MIGRATION,
  },
  {
    // URLs without a unique index on their text: every write of urls adds only texts it found absent (an
    // anti-join on the text, under the store's single writer), and the index cost an import of 515,000 new
    // URLs 0.75 s of its commit and held every URL string in memory; reads join URLs by id.
    version: 6,
    statements: [
      `CREATE TABLE urls_v6 (
        id INTEGER PRIMARY KEY,
        url VARCHAR NOT NULL,
        host_id INTEGER NOT NULL,
        path VARCHAR NOT NULL,
        title VARCHAR
      )`,
      'INSERT INTO urls_v6 SELECT id, url, host_id, path, title FROM urls ORDER BY id',
      'DROP TABLE urls',
      'ALTER TABLE urls_v6 RENAME TO urls',
    ],
  },
  {
    // The explorer's market rollup (ve/roll.ts; v9 adds the first path segment and builds it for the stored
    // data), and each snapshot's positions as masks in serp_keyword_dates (KEYWORD_DATES_SQL).
    version: 7,
    statements: [
      ...VE_ROLL_MIGRATION,
      `CREATE TABLE serp_keyword_dates_v7 (
        market_id SMALLINT NOT NULL,
        date DATE NOT NULL,
        keyword_id INTEGER NOT NULL,
        lo UBIGINT NOT NULL,
        hi UBIGINT NOT NULL,
        results USMALLINT NOT NULL
      )`,
      `INSERT INTO serp_keyword_dates_v7 ${KEYWORD_DATES_V7_SQL('serp_results r')}`,
      'DROP TABLE serp_keyword_dates',
      'ALTER TABLE serp_keyword_dates_v7 RENAME TO serp_keyword_dates',
    ],
  },
  {
    // Each domain's positions per snapshot as masks, for the explorer league's candidates. Left empty here:
    // v11 drops the table (the explorer reads serp_by_domain instead), so a store migrating past both never
    // fills it.
    version: 8,
    statements: [
      `CREATE TABLE serp_domain_masks (
        market_id SMALLINT NOT NULL,
        domain_id INTEGER NOT NULL,
        date DATE NOT NULL,
        keyword_id INTEGER NOT NULL,
        lo UBIGINT NOT NULL,
        hi UBIGINT NOT NULL
      )`,
    ],
  },
  {
    // The explorer's market rollup per first path segment too (ve/roll.ts), built for the stored data.
    version: 9,
    statements: VE_ROLL_SEGMENTS_MIGRATION,
    after: (s) => refreshVeRollPairs(s, true),
  },
  {
    // The tracked domains campaigns declare and the declared derived tables (derived.ts): the rank-tracking
    // copy. Empty at first: stored campaigns are copied when their set-up declares their domains again; until
    // then their rank-tracking reads use serp_by_domain (rankings/index.ts), which answers the same.
    version: 10,
    statements: DERIVED_MIGRATION,
    after: (s) => refreshCopies(s, { all: true }, [RANK_COPY]),
  },
  {
    // The domain masks of v8 dropped: one row per (domain, keyword) of a snapshot, nearly as many as the
    // by-domain copy (952,714 for 1,000,000 results), they were a quarter of a demo week's write. The
    // explorer reads serp_by_domain in their place (ve/host-keywords.ts, ve/league.ts).
    version: 11,
    statements: ['DROP TABLE IF EXISTS serp_domain_masks'],
  },
  {
    // The campaign-visibility copy declared (derived.ts, cv/tracked-hits.ts): built and refreshed by writes
    // for each campaign's declared domains instead of learnt from reads; built here for the stored
    // declarations.
    version: 12,
    statements: CV_COPY_MIGRATION,
    after: (s) => refreshCopies(s, { all: true }, [CV_COPY]),
  },
  {
    // Each snapshot's result types as a bit set in serp_keyword_dates (KEYWORD_DATES_SQL), rebuilt for the
    // stored results: the rank table reads a page's types from it (rankings/index.ts, pageKeywords).
    version: 13,
    statements: [
      `CREATE TABLE serp_keyword_dates_v13 (
        market_id SMALLINT NOT NULL,
        date DATE NOT NULL,
        keyword_id INTEGER NOT NULL,
        lo UBIGINT NOT NULL,
        hi UBIGINT NOT NULL,
        results USMALLINT NOT NULL,
        types UINTEGER NOT NULL
      )`,
      `INSERT INTO serp_keyword_dates_v13 ${KEYWORD_DATES_SQL('serp_results r')}`,
      'DROP TABLE serp_keyword_dates',
      'ALTER TABLE serp_keyword_dates_v13 RENAME TO serp_keyword_dates',
    ],
  },
  {
    // The rank-tracking URL dictionary (derived.ts, rankings/copy.ts): each campaign's URLs of its rt_hits
    // rows with their texts, built here for the stored copies; the rank table reads a page's URL texts from
    // it instead of the url column of every stored URL (rankings/index.ts, urlsById).
    version: 14,
    statements: RANK_URLS_MIGRATION,
    after: (s) => refreshCopies(s, { all: true }, [RANK_URLS]),
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Applies every migration newer than the recorded version, each in its own transaction. */
export async function migrate(s: Session): Promise<void> {
  await s.run(
    'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TIMESTAMP NOT NULL)',
  );
  const current = await s.number('SELECT coalesce(max(version), 0) FROM schema_version');
  for (const m of MIGRATIONS.filter((x) => x.version > current)) {
    await s.transaction(async () => {
      for (const sql of m.statements) await s.run(sql);
      await m.after?.(s);
      await s.run('INSERT INTO schema_version VALUES ($1, current_timestamp)', [m.version]);
    });
  }
}
