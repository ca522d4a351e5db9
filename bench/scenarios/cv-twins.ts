// Plain-PostgreSQL twins of the twelve campaign-visibility endpoints that cv-postgres.ts does not cover, on
// the same unlogged copy of the campaign's rows and with the same rules (DESIGN §3: Σ sv × ctr(position); a
// point date uses each keyword's latest snapshot at most 6 days old; brand counts as organic). Each is the
// straightforward SQL a team would write against ordinary tables with b-tree indexes, no rollups. Parameters:
// $1 campaign, $2 start, $3 end, $4–$7 the targets (cv-postgres.ts TwinTargets), then each query's own.
import type pg from 'pg';
import { resultTypeCode } from '@core/result-types';
import { SEARCH_VOLUME_RANGES } from '@core/metrics';
import { S } from '../lib/pg-twin';
import { AGE, KW, MATCH, SNAPS, TARGETS, targetParams, type TwinTargets } from './cv-postgres';

const ORGANIC = resultTypeCode('organic');
const BRAND = resultTypeCode('brand');
/** Upper bounds of every search-volume range but the open last one, as the endpoint passes them. */
const VOLUME_BOUNDS = SEARCH_VOLUME_RANGES.slice(0, -1).map((r) => r.max);
const CTR = `JOIN ${S}.ctr c ON c.position = r.position`;
/** Point dates of [$2, $3]: dates on which a keyword of the set has a snapshot. */
const POINTS = `points AS (SELECT DISTINCT date AS point FROM snaps WHERE date BETWEEN $2 AND $3)`;
/** The keyword → snapshot used at every point date. */
const USED = `used AS (SELECT p.point, s.keyword_id, max(s.date) AS snap
  FROM points p JOIN snaps s ON s.date BETWEEN p.point - ${AGE} AND p.point GROUP BY p.point, s.keyword_id)`;
/** First and last point of the span, and the uses of those two points only. */
const ENDS = `bounds AS (SELECT min(date) AS lo, max(date) AS hi FROM snaps WHERE date BETWEEN $2 AND $3),
  ends AS (SELECT lo AS point FROM bounds UNION SELECT hi FROM bounds),
  used AS (SELECT p.point, s.keyword_id, max(s.date) AS snap
    FROM ends p JOIN snaps s ON s.date BETWEEN p.point - ${AGE} AND p.point GROUP BY p.point, s.keyword_id)`;
/** Counted results of the used snapshots per target, once per target (a group counts a result once). */
const HITS = `hits AS (SELECT DISTINCT r.t, u.point, r.keyword_id, r.position, r.result_type, r.url_id, r.sv
  FROM used u ${MATCH})`;

type Params = (string | number | null | (string | number | null)[])[];

async function rows<R extends pg.QueryResultRow>(client: pg.Client, sql: string, params: Params) {
  return (await client.query<R>(sql, params)).rows;
}

/** The span and targets of one request. */
export interface TwinAsk {
  campaignId: number;
  start: string;
  end: string;
  targets: TwinTargets;
}

const base = (a: TwinAsk, start = a.start): Params => [
  a.campaignId,
  start,
  a.end,
  ...targetParams(a.targets),
];

export interface FilterCounts {
  kind: 'tag' | 'group' | 'keywords' | 'date';
  value: string;
  keywords: number;
}

/** Filters: keywords per tag and per group, the set's size, and every point date of the campaign. */
export function twinFilters(client: pg.Client, a: TwinAsk): Promise<FilterCounts[]> {
  return rows<FilterCounts>(
    client,
    `WITH ${KW}
     SELECT 'tag' AS kind, tag AS value, count(*)::int AS keywords FROM ${S}.campaign_keyword_tags
       WHERE campaign_id = $1 GROUP BY tag
     UNION ALL SELECT 'group', label, count(*)::int FROM ${S}.campaign_keyword_groups
       WHERE campaign_id = $1 GROUP BY label
     UNION ALL SELECT 'keywords', '', count(*)::int FROM kw
     UNION ALL SELECT DISTINCT 'date', r.date::text, 0 FROM ${S}.serp_results r
       WHERE r.position = 1 AND r.keyword_id IN (SELECT keyword_id FROM kw)`,
    [a.campaignId],
  );
}

export interface MarketPoint {
  point: string;
  keywords: number;
  top: number;
  market: number;
}

/** Whole market: per point date, keywords measured, Σ sv × ctr(1) and Σ sv × ctr(p) over every result. */
export function twinWholeMarket(client: pg.Client, a: TwinAsk, ctr1: number): Promise<MarketPoint[]> {
  return rows<MarketPoint>(
    client,
    `WITH ${KW}, ${SNAPS}, ${POINTS}, ${USED},
     market AS (SELECT u.point, coalesce(sum(kw.sv * c.ctr), 0) AS vs
       FROM used u JOIN ${S}.serp_results r ON r.keyword_id = u.keyword_id AND r.date = u.snap
       JOIN kw ON kw.keyword_id = r.keyword_id ${CTR} GROUP BY u.point),
     measured AS (SELECT u.point, count(*)::int AS keywords, coalesce(sum(kw.sv * $4::float8), 0) AS top
       FROM used u JOIN kw USING (keyword_id) GROUP BY u.point)
     SELECT m.point::text AS point, m.keywords, m.top, coalesce(x.vs, 0) AS market
     FROM measured m LEFT JOIN market x USING (point) ORDER BY m.point`,
    [a.campaignId, a.start, a.end, ctr1],
  );
}

export interface TypeScore {
  t: number;
  point: string;
  type: number;
  vs: number;
}

/** Result-type prominence: VS per target, point date and result type (brand merged into organic). */
export function twinTypeScores(client: pg.Client, a: TwinAsk): Promise<TypeScore[]> {
  return rows<TypeScore>(
    client,
    `WITH ${KW}, ${SNAPS}, ${POINTS}, ${USED}, ${TARGETS}, ${HITS}
     SELECT h.t, h.point::text AS point,
       CASE WHEN h.result_type = ${BRAND} THEN ${ORGANIC} ELSE h.result_type END::int AS type,
       sum(h.sv * c.ctr) AS vs
     FROM hits h JOIN ${S}.ctr c ON c.position = h.position
     GROUP BY 1, 2, 3 HAVING sum(h.sv * c.ctr) > 0 ORDER BY 1, 2, 3`,
    base(a),
  );
}

export interface LabelScore {
  label: string;
  keywords: number;
  t: number | null;
  vs: number | null;
}

/** Visibility share by keyword tag (or group) at the end date: keywords per label and VS per target. */
export function twinLabels(client: pg.Client, a: TwinAsk, kind: 'tags' | 'groups'): Promise<LabelScore[]> {
  const labels =
    kind === 'tags'
      ? `SELECT keyword_id, tag AS label FROM ${S}.campaign_keyword_tags WHERE campaign_id = $1`
      : `SELECT keyword_id, label FROM ${S}.campaign_keyword_groups WHERE campaign_id = $1`;
  return rows<LabelScore>(
    client,
    `WITH ${KW}, ${SNAPS}, used AS (SELECT keyword_id, max(date) AS snap FROM snaps GROUP BY keyword_id),
     ${TARGETS}, hits AS (SELECT DISTINCT r.t, r.keyword_id, r.position, r.result_type, r.url_id FROM used u ${MATCH}),
     labels AS (${labels}),
     counts AS (SELECT l.label, count(*)::int AS keywords FROM labels l JOIN kw USING (keyword_id) GROUP BY 1),
     scores AS (SELECT l.label, h.t, sum(kw.sv * c.ctr) AS vs FROM hits h JOIN labels l USING (keyword_id)
       JOIN kw USING (keyword_id) JOIN ${S}.ctr c ON c.position = h.position GROUP BY 1, 2)
     SELECT n.label, n.keywords, s.t, s.vs FROM counts n LEFT JOIN scores s USING (label)
     ORDER BY n.label COLLATE "C", s.t`,
    base(a, a.end),
  );
}

export interface VolumeRow {
  bucket: number | null;
  keywords: number;
  t: number | null;
  ranking: number | null;
  vs: number | null;
}

/** Search-volume ranges at the end date: keywords per bucket, and per target those ranking and their VS. */
export function twinVolumes(client: pg.Client, a: TwinAsk): Promise<VolumeRow[]> {
  return rows<VolumeRow>(
    client,
    `WITH ${KW}, ${SNAPS}, used AS (SELECT keyword_id, max(date) AS snap FROM snaps GROUP BY keyword_id),
     ${TARGETS}, hits AS (SELECT DISTINCT r.t, r.keyword_id, r.position, r.result_type, r.url_id FROM used u ${MATCH}),
     b AS (SELECT keyword_id, sv, CASE WHEN sv IS NULL THEN NULL
       ELSE (SELECT count(*) FROM unnest($8::int[]) x WHERE x < kw.sv) END::int AS bucket FROM kw),
     counts AS (SELECT bucket, count(*)::int AS keywords FROM b GROUP BY bucket),
     scores AS (SELECT b.bucket, h.t, count(DISTINCT h.keyword_id)::int AS ranking,
         coalesce(sum(b.sv * c.ctr), 0) AS vs
       FROM hits h JOIN b USING (keyword_id) JOIN ${S}.ctr c ON c.position = h.position GROUP BY 1, 2)
     SELECT n.bucket, n.keywords, s.t, s.ranking, s.vs
     FROM counts n LEFT JOIN scores s ON s.bucket IS NOT DISTINCT FROM n.bucket ORDER BY 1, 3`,
    [...base(a, a.end), [...VOLUME_BOUNDS]],
  );
}

export interface LostRow {
  t: number;
  lost: number;
  gained: number;
}

/** Visibility score lost and gained per target between the first and last point of the span. */
export function twinLost(client: pg.Client, a: TwinAsk): Promise<LostRow[]> {
  return rows<LostRow>(
    client,
    `WITH ${KW}, ${SNAPS}, ${ENDS}, ${TARGETS}, ${HITS},
     ks AS (SELECT h.t, h.keyword_id,
         coalesce(sum(kw.sv * c.ctr) FILTER (WHERE h.point = (SELECT lo FROM bounds)), 0) AS s0,
         coalesce(sum(kw.sv * c.ctr) FILTER (WHERE h.point = (SELECT hi FROM bounds)), 0) AS s1
       FROM hits h JOIN kw USING (keyword_id) JOIN ${S}.ctr c ON c.position = h.position GROUP BY 1, 2)
     SELECT t, sum(greatest(s0 - s1, 0)) AS lost, sum(greatest(s1 - s0, 0)) AS gained
     FROM ks GROUP BY t ORDER BY t`,
    base(a),
  );
}

export interface KeywordCell {
  keyword_id: number;
  text: string;
  t: number;
  pos: number | null;
  vs: number;
  vs0: number;
}

/**
 * The keyword table: for the keywords of one page (sorted by target 0's VS at the last point, descending,
 * then keyword id; or, with `bySearchVolume`, by volume descending, every keyword, as the CSV), every
 * target's best position and VS at the last and first point.
 */
export function twinKeywordTable(
  client: pg.Client,
  a: TwinAsk,
  page: { limit: number | null; bySearchVolume: boolean },
): Promise<KeywordCell[]> {
  const order = page.bySearchVolume
    ? 'kw.sv DESC NULLS LAST, kw.keyword_id'
    : 'coalesce(p0.s1, 0) DESC, kw.keyword_id';
  return rows<KeywordCell>(
    client,
    `WITH ${KW}, ${SNAPS}, ${ENDS}, ${TARGETS}, ${HITS},
     per AS (SELECT h.t, h.keyword_id,
         min(h.position) FILTER (WHERE h.point = (SELECT hi FROM bounds)) AS pos,
         sum(kw.sv * c.ctr) FILTER (WHERE h.point = (SELECT hi FROM bounds)) AS s1,
         sum(kw.sv * c.ctr) FILTER (WHERE h.point = (SELECT lo FROM bounds)) AS s0
       FROM hits h JOIN kw USING (keyword_id) JOIN ${S}.ctr c ON c.position = h.position GROUP BY 1, 2),
     page AS (SELECT kw.keyword_id, kw.text, row_number() OVER (ORDER BY ${order}) AS n
       FROM kw LEFT JOIN per p0 ON p0.keyword_id = kw.keyword_id AND p0.t = 0
       ORDER BY n ${page.limit === null ? '' : `LIMIT ${page.limit}`})
     SELECT g.keyword_id, g.text, t.t, p.pos, coalesce(p.s1, 0) AS vs, coalesce(p.s0, 0) AS vs0
     FROM page g CROSS JOIN (SELECT DISTINCT t FROM f) t
     LEFT JOIN per p ON p.keyword_id = g.keyword_id AND p.t = t.t ORDER BY g.n, t.t`,
    base(a),
  );
}

export interface UrlRow {
  url: string;
  keywords: number;
  vs: number;
  vs0: number;
  best: number | null;
}

/** The URL table of target 0: URLs ranking at the first or last point, by VS at the last point, then URL. */
export function twinUrlTable(client: pg.Client, a: TwinAsk, limit: number | null): Promise<UrlRow[]> {
  return rows<UrlRow>(
    client,
    `WITH ${KW}, ${SNAPS}, ${ENDS}, ${TARGETS}, ${HITS},
     per AS (SELECT h.url_id, h.keyword_id, h.point, min(h.position) AS pos, sum(kw.sv * c.ctr) AS sc
       FROM hits h JOIN kw USING (keyword_id) JOIN ${S}.ctr c ON c.position = h.position
       WHERE h.t = 0 GROUP BY 1, 2, 3),
     urls AS (SELECT p.url_id,
         count(*) FILTER (WHERE p.point = (SELECT hi FROM bounds))::int AS keywords,
         coalesce(sum(p.sc) FILTER (WHERE p.point = (SELECT hi FROM bounds)), 0) AS vs,
         coalesce(sum(p.sc) FILTER (WHERE p.point = (SELECT lo FROM bounds)), 0) AS vs0,
         min(p.pos) FILTER (WHERE p.point = (SELECT hi FROM bounds)) AS best
       FROM per p GROUP BY p.url_id)
     SELECT x.url, u.keywords, u.vs, u.vs0, u.best FROM urls u JOIN ${S}.urls x ON x.id = u.url_id
     ORDER BY u.vs DESC, x.url COLLATE "C" ${limit === null ? '' : `LIMIT ${limit}`}`,
    base(a),
  );
}

export interface Suggestion {
  kind: 'domain' | 'host' | 'keyword';
  value: string;
  score: number | null;
}

/** Autocomplete at the end date: domains and hosts containing `q` by VS, keywords containing it by volume. */
export function twinAutocomplete(
  client: pg.Client,
  a: TwinAsk,
  q: string,
  limit: number,
): Promise<Suggestion[]> {
  return rows<Suggestion>(
    client,
    `WITH ${KW}, ${SNAPS}, used AS (SELECT keyword_id, max(date) AS snap FROM snaps GROUP BY keyword_id),
     scored AS (SELECT r.host_id, r.domain_id, kw.sv * c.ctr AS sc
       FROM used u JOIN ${S}.serp_results r ON r.keyword_id = u.keyword_id AND r.date = u.snap
       JOIN kw ON kw.keyword_id = r.keyword_id ${CTR}),
     names AS (
       SELECT 'domain' AS kind, d.domain AS value, coalesce(sum(x.sc), 0) AS score
       FROM scored x JOIN ${S}.domains d ON d.id = x.domain_id WHERE strpos(d.domain, $4) > 0 GROUP BY d.domain
       UNION ALL
       SELECT 'host', h.host, coalesce(sum(x.sc), 0) FROM scored x JOIN ${S}.hosts h ON h.id = x.host_id
       JOIN ${S}.domains hd ON hd.id = h.domain_id WHERE strpos(h.host, $4) > 0 AND h.host <> hd.domain
       GROUP BY h.host)
     (SELECT * FROM names ORDER BY round(score::numeric, 6) DESC, value COLLATE "C" LIMIT $5)
     UNION ALL
     (SELECT 'keyword', text, sv FROM kw WHERE strpos(text, $4) > 0
      ORDER BY sv DESC NULLS LAST, text COLLATE "C" LIMIT $5)`,
    [a.campaignId, a.end, a.end, q.toLowerCase(), limit],
  );
}
