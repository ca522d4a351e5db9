// The plain-PostgreSQL twin of the campaign-visibility scenario: the campaign's rows copied out of the
// embedded RankStore (through its exportBatches port) into ordinary unlogged PostgreSQL tables with b-tree
// indexes, and straightforward SQL for the domains series, rank ranges and competitors league that applies
// the same rules (DESIGN §3: Σ sv × ctr(position) per point date, a keyword using its latest snapshot at most
// 6 days old). Only the campaign's keywords' SERP rows are copied: every campaign endpoint reads no others.
import type pg from 'pg';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { RankStore } from '@storage/rank-store';
import { batchColumn } from '@storage/transfer';
import { batchesOf, copyDimension, createTwinSchema, idOf, insertColumns, S } from '../lib/pg-twin';

export interface TwinLoad {
  serpRows: number;
  keywords: number;
  /** Milliseconds to copy and index. */
  loadMs: number;
}

/** Creates the schema and copies the campaign's market rows into it; returns what was copied. */
export async function loadTwin(
  client: pg.Client,
  rank: RankStore,
  campaignId: number,
  market: string,
): Promise<TwinLoad> {
  const started = performance.now();
  await createTwinSchema(client, [
    'keywords (id int PRIMARY KEY, text text NOT NULL, sv int)',
    'campaign_keyword_tags (campaign_id int, keyword_id int, tag text)',
    'campaign_keyword_groups (campaign_id int, keyword_id int, label text)',
    'campaign_keywords (campaign_id int, keyword_id int, PRIMARY KEY (campaign_id, keyword_id))',
    'domains (id int PRIMARY KEY, domain text NOT NULL)',
    'hosts (id int PRIMARY KEY, host text NOT NULL, domain_id int NOT NULL)',
    'urls (id int PRIMARY KEY, url text NOT NULL, host_id int NOT NULL, path text NOT NULL)',
    `serp_results (date date NOT NULL, keyword_id int NOT NULL, position smallint NOT NULL,
       result_type smallint NOT NULL, url_id int NOT NULL, host_id int NOT NULL, domain_id int NOT NULL)`,
  ]);
  const marketId = await idOf(rank, 'markets', market);

  const members = new Set<number>();
  for await (const b of batchesOf(rank, 'campaign_keywords')) {
    const campaign = batchColumn(b, 'campaign_id', 'u32');
    const keyword = batchColumn(b, 'keyword_id', 'u32');
    for (let i = 0; i < b.rows; i += 1) if (campaign[i] === campaignId) members.add(keyword[i]!);
  }
  const ids = [...members];
  await insertColumns(
    client,
    'campaign_keywords',
    [
      ['campaign_id', 'int', ids.map(() => campaignId)],
      ['keyword_id', 'int', ids],
    ],
    ids.length,
  );
  const labels = await rank.readCampaignKeywords(campaignId);
  for (const [table, column, pick] of [
    ['campaign_keyword_tags', 'tag', (m: (typeof labels)[number]) => m.tags],
    ['campaign_keyword_groups', 'label', (m: (typeof labels)[number]) => m.groups],
  ] as const) {
    const pairs = labels.flatMap((m) => pick(m).map((v) => [m.keywordId, v] as const));
    await insertColumns(
      client,
      table,
      [
        ['campaign_id', 'int', pairs.map(() => campaignId)],
        ['keyword_id', 'int', pairs.map(([k]) => k)],
        [column, 'text', pairs.map(([, v]) => v)],
      ],
      pairs.length,
    );
  }
  for await (const b of batchesOf(rank, 'keywords')) {
    const m = batchColumn(b, 'market_id', 'u16');
    const id = batchColumn(b, 'id', 'u32');
    const sv = batchColumn(b, 'sv', 'u32?');
    const text = batchColumn(b, 'text', 'str');
    const keep = [...Array(b.rows).keys()].filter((i) => m[i] === marketId);
    await insertColumns(
      client,
      'keywords',
      [
        ['id', 'int', keep.map((i) => id[i])],
        ['text', 'text', keep.map((i) => text[i])],
        ['sv', 'int', keep.map((i) => sv[i])],
      ],
      keep.length,
    );
  }
  for (const table of ['domains', 'hosts', 'urls'] as const) await copyDimension(client, rank, table);

  let serpRows = 0;
  for (const date of (await rank.marketSummary(market)).snapshotDates) {
    for await (const b of batchesOf(rank, 'serp_results', marketId, date)) {
      const keyword = batchColumn(b, 'keyword_id', 'u32');
      const keep: number[] = [];
      for (let i = 0; i < b.rows; i += 1) if (members.has(keyword[i]!)) keep.push(i);
      const pick = (values: ArrayLike<number>) => keep.map((i) => values[i]!);
      await insertColumns(
        client,
        'serp_results',
        [
          ['date', 'date', pick(batchColumn(b, 'date', 'day'))],
          ['keyword_id', 'int', pick(keyword)],
          ['position', 'smallint', pick(batchColumn(b, 'position', 'u8'))],
          ['result_type', 'smallint', pick(batchColumn(b, 'result_type', 'u8'))],
          ['url_id', 'int', pick(batchColumn(b, 'url_id', 'u32'))],
          ['host_id', 'int', pick(batchColumn(b, 'host_id', 'u32'))],
          ['domain_id', 'int', pick(batchColumn(b, 'domain_id', 'u32'))],
        ],
        keep.length,
      );
      serpRows += keep.length;
    }
  }
  await client.query(`SET maintenance_work_mem = '1GB'`);
  for (const ix of [
    'serp_results (keyword_id, date, position)',
    'serp_results (domain_id, date)',
    'serp_results (date, position)',
    'hosts (host)',
    'domains (domain)',
    'campaign_keyword_tags (keyword_id)',
    'campaign_keyword_groups (keyword_id)',
  ]) {
    await client.query(`CREATE INDEX ON ${S}.${ix}`);
  }
  await client.query(`ANALYZE`);
  return { serpRows, keywords: ids.length, loadMs: performance.now() - started };
}

/** Drops the twin's schema: it holds a copy of the campaign's rows that no later run reuses. */
export async function dropTwin(client: pg.Client): Promise<void> {
  await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
}

/** A target as arrays for unnest: target index, domain id, host id (null: any host), path prefix. */
export interface TwinTargets {
  t: number[];
  domainId: number[];
  hostId: (number | null)[];
  path: (string | null)[];
}

/** Resolves targets (each a list of tracked-domain filter values) to ids; unknown names match nothing. */
export async function resolveTargets(client: pg.Client, targets: readonly string[][]): Promise<TwinTargets> {
  const out: TwinTargets = { t: [], domainId: [], hostId: [], path: [] };
  const add = (t: number, domainId: number, hostId: number | null, path: string | null) => {
    out.t.push(t);
    out.domainId.push(domainId);
    out.hostId.push(hostId);
    out.path.push(path);
  };
  for (const [t, values] of targets.entries()) {
    for (const value of values) {
      const f = parseHostFilter(value);
      if (f === null) continue;
      if (f.kind === 'domain') {
        const r = await client.query<{ id: number }>(`SELECT id FROM ${S}.domains WHERE domain = $1`, [
          f.domain,
        ]);
        if (r.rows[0]) add(t, r.rows[0].id, null, null);
      } else {
        const r = await client.query<{ id: number; domain_id: number }>(
          `SELECT id, domain_id FROM ${S}.hosts WHERE host = $1`,
          [f.host],
        );
        const h = r.rows[0];
        if (h) add(t, h.domain_id, h.id, f.path);
      }
    }
  }
  return out;
}

export const AGE = MAX_SNAPSHOT_AGE_DAYS;
export const KW = `kw AS (
  SELECT k.id AS keyword_id, k.sv, k.text FROM ${S}.campaign_keywords c JOIN ${S}.keywords k ON k.id = c.keyword_id
  WHERE c.campaign_id = $1)`;
/** Snapshots of the keyword set from AGE days before $2 to $3: a complete page has a position-1 row. */
export const SNAPS = `snaps AS (
  SELECT r.keyword_id, r.date FROM ${S}.serp_results r
  WHERE r.position = 1 AND r.date BETWEEN $2::date - ${AGE} AND $3::date
    AND r.keyword_id IN (SELECT keyword_id FROM kw))`;
/**
 * The targets (f) and their results (tr, with the keyword's volume) from AGE days before $2 to $3: the results
 * of the targets' domains,
 * read through the (domain_id, date) index first — far fewer rows than the keyword set's whole pages.
 */
export const TARGETS = `f AS (SELECT * FROM unnest($4::int[], $5::int[], $6::int[], $7::text[]) AS f(t, domain_id, host_id, path)),
  tr AS MATERIALIZED (SELECT f.t, f.path, r.keyword_id, r.date, r.position, r.result_type, r.url_id, k.sv
    FROM f JOIN ${S}.serp_results r ON r.domain_id = f.domain_id AND (f.host_id IS NULL OR f.host_id = r.host_id)
    JOIN kw k ON k.keyword_id = r.keyword_id
    WHERE r.date BETWEEN $2::date - ${AGE} AND $3::date)`;
/** The target results (alias r, with the target index t) of the used snapshots u. */
export const MATCH = `JOIN tr r ON r.keyword_id = u.keyword_id AND r.date = u.snap
  LEFT JOIN ${S}.urls x ON r.path IS NOT NULL AND x.id = r.url_id
  WHERE r.path IS NULL OR x.path = r.path OR starts_with(x.path, r.path || '/')`;

export const targetParams = (tg: TwinTargets) => [tg.t, tg.domainId, tg.hostId, tg.path];

export interface SeriesRow {
  point: string;
  keywords: number;
  top: number;
  t: number | null;
  vs: number | null;
}

/** Domains series: per point date of [start, end], keywords measured, Σ sv × ctr(1), and each target's VS. */
export async function twinDomains(
  client: pg.Client,
  campaignId: number,
  start: string,
  end: string,
  tg: TwinTargets,
): Promise<SeriesRow[]> {
  const r = await client.query<SeriesRow>(
    `WITH ${KW}, ${SNAPS},
     points AS (SELECT DISTINCT date AS point FROM snaps WHERE date BETWEEN $2 AND $3),
     used AS (SELECT p.point, s.keyword_id, max(s.date) AS snap
       FROM points p JOIN snaps s ON s.date BETWEEN p.point - ${AGE} AND p.point GROUP BY p.point, s.keyword_id),
     ${TARGETS},
     hits AS (SELECT DISTINCT r.t, u.point, r.keyword_id, r.position, r.url_id FROM used u ${MATCH}),
     measured AS (SELECT u.point, count(*)::int AS keywords, coalesce(sum(kw.sv * $8::float8), 0) AS top
       FROM used u JOIN kw USING (keyword_id) GROUP BY u.point),
     scores AS (SELECT h.point, h.t, coalesce(sum(kw.sv * c.ctr), 0) AS vs
       FROM hits h JOIN kw USING (keyword_id) JOIN ${S}.ctr c ON c.position = h.position GROUP BY h.point, h.t)
     SELECT m.point::text AS point, m.keywords, m.top, s.t, s.vs
     FROM measured m LEFT JOIN scores s USING (point) ORDER BY m.point, s.t`,
    [campaignId, start, end, ...targetParams(tg), DEFAULT_CTR[0]],
  );
  return r.rows;
}

export interface RangeRow {
  t: number;
  key: string;
  keywords: number;
}

/** Rank ranges at a date: keywords by each target's best position in the snapshot they use. */
export async function twinRankRanges(
  client: pg.Client,
  campaignId: number,
  date: string,
  tg: TwinTargets,
): Promise<RangeRow[]> {
  const r = await client.query<RangeRow>(
    `WITH ${KW}, ${SNAPS},
     used AS (SELECT keyword_id, max(date) AS snap FROM snaps GROUP BY keyword_id),
     ${TARGETS},
     best AS (SELECT r.t, r.keyword_id, min(r.position) AS best FROM used u ${MATCH} GROUP BY r.t, r.keyword_id)
     SELECT t, CASE WHEN best <= 3 THEN '1-3' WHEN best <= 10 THEN '4-10' WHEN best <= 20 THEN '11-20'
       WHEN best <= 50 THEN '21-50' ELSE '51-100' END AS key, count(*)::int AS keywords
     FROM best GROUP BY 1, 2 ORDER BY 1, 2`,
    [campaignId, date, date, ...targetParams(tg)],
  );
  return r.rows;
}

export interface LeagueRow {
  domain: string;
  rank: number;
  vs: number;
  share: number;
  delta: number;
  rank_change: number | null;
  total: number;
}

/** Competitors league: VS per registrable domain at the last point date, against the first, top `limit`. */
export async function twinCompetitors(
  client: pg.Client,
  campaignId: number,
  start: string,
  end: string,
  limit: number,
): Promise<LeagueRow[]> {
  const r = await client.query<LeagueRow>(
    `WITH ${KW}, ${SNAPS},
     bounds AS (SELECT min(date) AS lo, max(date) AS hi FROM snaps WHERE date BETWEEN $2 AND $3),
     points AS (SELECT lo AS point FROM bounds UNION SELECT hi FROM bounds),
     used AS (SELECT p.point, s.keyword_id, max(s.date) AS snap
       FROM points p JOIN snaps s ON s.date BETWEEN p.point - ${AGE} AND p.point GROUP BY p.point, s.keyword_id),
     vs AS (SELECT u.point, r.domain_id, sum(kw.sv * c.ctr) AS vs
       FROM used u JOIN ${S}.serp_results r ON r.keyword_id = u.keyword_id AND r.date = u.snap
       JOIN kw ON kw.keyword_id = r.keyword_id JOIN ${S}.ctr c ON c.position = r.position
       GROUP BY u.point, r.domain_id),
     ranked AS (SELECT v.point, d.domain, v.vs,
         row_number() OVER (PARTITION BY v.point ORDER BY v.vs DESC, d.domain)::int AS rank,
         sum(v.vs) OVER (PARTITION BY v.point) AS total_vs
       FROM vs v JOIN ${S}.domains d ON d.id = v.domain_id WHERE v.vs > 0)
     SELECT e.domain, e.rank, e.vs, 100 * e.vs / e.total_vs AS share, e.vs - coalesce(s.vs, 0) AS delta,
       (s.rank - e.rank)::int AS rank_change, (count(*) OVER ())::int AS total
     FROM ranked e LEFT JOIN ranked s ON s.domain = e.domain AND s.point = (SELECT lo FROM bounds)
     WHERE e.point = (SELECT hi FROM bounds) ORDER BY e.rank LIMIT $4`,
    [campaignId, start, end, limit],
  );
  return r.rows;
}
