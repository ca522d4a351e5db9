// The commit of a staged DuckDB import (imports.ts), run inside ONE transaction: keywords are upserted (a
// volume not given keeps the stored one), URLs, hosts and domains added, SERP snapshots replaced whole,
// rank-tracker observations merged into their snapshots (only the tracked host's result changes), Search
// Console rows replaced by key, the per-date rollup refreshed, when asked the keywords added to a campaign,
// and the campaign rollups of changed campaigns rebuilt. Any error rolls all of it back. Staged rows that
// name an unknown keyword or URL fail the commit.
import { resultTypeCode } from '@core/result-types';
import type { RankImportCommit, RankImportCounts } from '../../rank-store';
import { RankInputError } from '../input';
import type { Session } from './db';
import { refreshCampaignRollups } from './cv/rollup';
import { refreshVeRollPairs, refreshVeRollups } from './ve/roll';
import { ensureHosts, ensureMarkets, refreshSnapshots } from './dims';
import type { StageNames } from './imports';

const ORGANIC = resultTypeCode('organic');
/**
 * Most staged SERP rows written (and their derived rows sorted) in one statement. A bigger import is
 * written in consecutive (market, date) ranges of about this many rows, each sorted on its own, so the sorts
 * fit the import's memory limit (imports.ts) however large the file; a smaller one is one statement.
 */
const BATCH_ROWS = 1_500_000;
/** market_id × PAIR_SPAN + day number orders (market, date) pairs as one integer (days stay below it). */
const PAIR_SPAN = 100_000;

/** A range of (market, date) pairs, as `market_id × PAIR_SPAN + day` from lo to hi, and its days. */
interface PairRange {
  lo: number;
  hi: number;
  firstDay: number;
  lastDay: number;
}

/** Consecutive ranges of `market_id × PAIR_SPAN + day` holding at most about BATCH_ROWS staged rows each. */
async function pairRanges(s: Session, t: StageNames): Promise<PairRange[]> {
  const rows = await s.all(`SELECT m.market_id AS market, s.day, count(*) AS n
    FROM ${t.serp} s JOIN ${t.keywordMap} m ON m.lid = s.kw GROUP BY ALL ORDER BY 1, 2`);
  const ranges: PairRange[] = [];
  let size = 0;
  for (const r of rows) {
    const day = Number(r.day);
    const pair = Number(r.market) * PAIR_SPAN + day;
    const n = Number(r.n);
    let last = ranges[ranges.length - 1];
    if (last === undefined || size + n > BATCH_ROWS) {
      last = { lo: pair, hi: pair, firstDay: day, lastDay: day };
      ranges.push(last);
      size = 0;
    }
    last.hi = pair;
    last.firstDay = Math.min(last.firstDay, day);
    last.lastDay = Math.max(last.lastDay, day);
    size += n;
  }
  return ranges;
}

async function stageKeywords(s: Session, t: StageNames, c: RankImportCommit): Promise<Map<string, number>> {
  const markets = await ensureMarkets(
    s,
    c.keywords.map((k) => k.market),
  );
  await s.run(`CREATE TEMP TABLE ${t.keywords} (lid INTEGER, market_id SMALLINT, text VARCHAR, sv INTEGER)`);
  await s.append(t.keywords, (a) => {
    for (const k of c.keywords) {
      a.appendInteger(k.localId);
      a.appendSmallInt(markets.get(k.market)!);
      a.appendVarchar(k.text);
      if (k.sv === null) a.appendNull();
      else a.appendInteger(k.sv);
      a.endRow();
    }
  });
  return markets;
}

async function upsertKeywords(s: Session, t: StageNames): Promise<void> {
  await s.run(`UPDATE keywords SET sv = k.sv FROM ${t.keywords} k
    WHERE keywords.market_id = k.market_id AND keywords.text = k.text
      AND k.sv IS NOT NULL AND keywords.sv IS DISTINCT FROM k.sv`);
  await s.run(`INSERT INTO keywords
    SELECT (SELECT coalesce(max(id), 0) FROM keywords) + row_number() OVER (ORDER BY k.lid), k.market_id, k.text, k.sv
    FROM ${t.keywords} k ANTI JOIN keywords x ON x.market_id = k.market_id AND x.text = k.text`);
  await s.run(`CREATE TEMP TABLE ${t.keywordMap} AS
    SELECT k.lid, x.id, k.market_id FROM ${t.keywords} k
    JOIN keywords x ON x.market_id = k.market_id AND x.text = k.text`);
}

async function upsertUrls(s: Session, t: StageNames): Promise<void> {
  // One row per URL; the last title given wins, and a URL given without a title keeps its stored one. Rows
  // after a lid's first only bring a newer title, so only those few are aggregated (an aggregate over every
  // URL's strings would need them all in memory at once). The URL text is joined to the stored URLs once,
  // here; after that every join is on integer ids. New URLs are numbered in the order the import first gave
  // them (local ids): deterministic, and no sort of the URL strings.
  await s.run(`CREATE TEMP TABLE ${t.urlDict} AS
    SELECT f.lid, f.url, f.hlid, f.path, coalesce(n.title, f.title) AS title, u.id AS old_id,
      u.host_id AS old_host, u.title AS old_title
    FROM ${t.urls} f LEFT JOIN (
      SELECT lid, arg_max(title, ord) AS title FROM ${t.urls} WHERE NOT first AND title IS NOT NULL GROUP BY lid
    ) n ON n.lid = f.lid
    LEFT JOIN urls u ON u.url = f.url
    WHERE f.first`);
  await ensureHosts(s, t.hosts);
  await s.run(`CREATE TEMP TABLE ${t.hostMap} AS
    SELECT x.hlid, h.id AS host_id FROM ${t.hosts} x JOIN hosts h ON h.host = x.host`);
  // A URL stored before keeps its id and host; a new one gets the next id and its staged host.
  const base = await s.number('SELECT coalesce(max(id), 0) FROM urls');
  await s.run(`CREATE TEMP TABLE ${t.urlMap} AS
    SELECT x.lid, x.id, h.id AS host_id, h.domain_id, x.old_id IS NULL AS fresh FROM (
      SELECT lid, hlid, old_id, old_host,
        coalesce(old_id, ${base} + row_number() OVER (PARTITION BY old_id IS NULL ORDER BY lid)) AS id
      FROM ${t.urlDict}) x
    JOIN ${t.hostMap} m ON m.hlid = x.hlid JOIN hosts h ON h.id = coalesce(x.old_host, m.host_id)`);
  await s.run(`INSERT INTO urls
    SELECT m.id, x.url, m.host_id, x.path, x.title
    FROM ${t.urlDict} x JOIN ${t.urlMap} m ON m.lid = x.lid WHERE m.fresh`);
  await s.run(`UPDATE urls SET title = x.title FROM ${t.urlDict} x
    WHERE urls.id = x.old_id AND x.title IS NOT NULL AND x.old_title IS DISTINCT FROM x.title`);
}

/** Replaces the staged snapshots whole; returns the rows written. */
async function writeSerps(s: Session, t: StageNames): Promise<number> {
  const staged = await s.number(`SELECT count(*) FROM ${t.serp}`);
  if (staged === 0) {
    await s.run(`CREATE TEMP TABLE ${t.keys} (market_id SMALLINT, date DATE, keyword_id INTEGER)`);
    await s.run(`CREATE TEMP TABLE ${t.ranges} (lo INTEGER, hi INTEGER)`);
    return 0;
  }
  // A snapshot given by several files of the import: the last file's rows win.
  if ((await s.number(`SELECT max(part) FROM ${t.serp}`)) > 0) {
    await s.run(`DELETE FROM ${t.serp} USING (
        SELECT kw, day, max(part) AS keep FROM ${t.serp} GROUP BY kw, day HAVING min(part) < max(part)) x
      WHERE ${t.serp}.kw = x.kw AND ${t.serp}.day = x.day AND ${t.serp}.part < x.keep`);
  }
  await s.run(`CREATE TEMP TABLE ${t.keys} AS
    SELECT DISTINCT m.market_id, (DATE '1970-01-01' + s.day) AS date, m.id AS keyword_id
    FROM ${t.serp} s JOIN ${t.keywordMap} m ON m.lid = s.kw`);
  await s.run(`DELETE FROM serp_results USING ${t.keys} k
    WHERE serp_results.market_id = k.market_id AND serp_results.date = k.date
      AND serp_results.keyword_id = k.keyword_id`);
  await s.run(`DELETE FROM empty_snapshots USING ${t.keys} k
    WHERE empty_snapshots.market_id = k.market_id AND empty_snapshots.date = k.date
      AND empty_snapshots.keyword_id = k.keyword_id`);
  const ranges = await pairRanges(s, t);
  const whole = ranges.length === 1;
  let written = 0;
  for (const r of ranges) {
    // The range's days filter the staged rows before the joins (and let their min/max skip row groups of a
    // file written date by date); the pair condition then picks the range's markets.
    written += await s.number(`INSERT INTO serp_results
      SELECT m.market_id, DATE '1970-01-01' + s.day, m.id, s.position, s.result_type, u.id, u.host_id, u.domain_id
      FROM ${t.serp} s JOIN ${t.keywordMap} m ON m.lid = s.kw JOIN ${t.urlMap} u ON u.lid = s.url
      ${
        whole
          ? ''
          : `WHERE s.day BETWEEN ${r.firstDay} AND ${r.lastDay}
             AND m.market_id * ${PAIR_SPAN} + s.day BETWEEN ${r.lo} AND ${r.hi}`
      }
      ORDER BY 1, 2, 3, 4`);
  }
  // The derived tables are refreshed range by range too (refreshSerpPairs).
  await s.run(`CREATE TEMP TABLE ${t.ranges} (lo INTEGER, hi INTEGER)`);
  if (!whole) {
    await s.append(t.ranges, (a) => {
      for (const r of ranges) {
        a.appendInteger(r.lo);
        a.appendInteger(r.hi);
        a.endRow();
      }
    });
  }
  const kept = await s.number(`SELECT count(*) FROM ${t.serp}`);
  if (written !== kept) {
    throw new RankInputError(`${kept - written} staged SERP rows name a keyword or URL that was not staged`);
  }
  return written;
}

/** Merges rank-tracker observations into their snapshots; returns [observations, results written]. */
async function mergeRanks(s: Session, t: StageNames): Promise<[number, number]> {
  // The last observation per (snapshot, host) wins, and per (snapshot, position) among ranked ones.
  await s.run(`CREATE TEMP TABLE ${t.rankRows} AS
    SELECT * FROM (
      SELECT r.ord, m.market_id, CAST(r.date AS DATE) AS date, m.id AS keyword_id, r.position,
        u.id AS url_id, coalesce(u.host_id, h.id) AS host_id, u.domain_id, r.url AS url_lid
      FROM ${t.rank} r JOIN ${t.keywordMap} m ON m.lid = r.kw
      LEFT JOIN ${t.urlMap} u ON u.lid = r.url LEFT JOIN hosts h ON h.host = r.host)
    QUALIFY row_number() OVER (PARTITION BY market_id, date, keyword_id, coalesce(host_id, -1) ORDER BY ord DESC) = 1`);
  const staged = await s.number(`SELECT count(*) FROM ${t.rank}`);
  if (staged === 0) return [0, 0];
  const unresolved = await s.number(
    `SELECT count(*) FROM ${t.rankRows} WHERE url_lid IS NOT NULL AND url_id IS NULL`,
  );
  const joined = await s.number(`SELECT count(*) FROM ${t.rank} r JOIN ${t.keywordMap} m ON m.lid = r.kw`);
  if (unresolved > 0 || joined !== staged) {
    throw new RankInputError('staged rank observations name a keyword or URL that was not staged');
  }
  await s.run(`DELETE FROM ${t.rankRows} WHERE position IS NOT NULL AND ord NOT IN (
    SELECT max(ord) FROM ${t.rankRows} WHERE position IS NOT NULL GROUP BY market_id, date, keyword_id, position)`);
  await s.run(`DELETE FROM serp_results USING ${t.rankRows} k
    WHERE serp_results.market_id = k.market_id AND serp_results.date = k.date
      AND serp_results.keyword_id = k.keyword_id
      AND (serp_results.host_id = k.host_id OR serp_results.position = k.position)`);
  const written = await s.number(`INSERT INTO serp_results
    SELECT market_id, date, keyword_id, position, ${ORGANIC}, url_id, host_id, domain_id
    FROM ${t.rankRows} WHERE position IS NOT NULL ORDER BY 1, 2, 3, 4`);
  await s.run(`DELETE FROM empty_snapshots USING (
      SELECT DISTINCT market_id, date, keyword_id FROM ${t.rankRows} WHERE position IS NOT NULL) k
    WHERE empty_snapshots.market_id = k.market_id AND empty_snapshots.date = k.date
      AND empty_snapshots.keyword_id = k.keyword_id`);
  await s.run(`INSERT INTO empty_snapshots
    SELECT DISTINCT k.market_id, k.date, k.keyword_id FROM ${t.rankRows} k
    ANTI JOIN serp_results r ON r.market_id = k.market_id AND r.date = k.date AND r.keyword_id = k.keyword_id
    ANTI JOIN empty_snapshots e ON e.market_id = k.market_id AND e.date = k.date AND e.keyword_id = k.keyword_id`);
  return [await s.number(`SELECT count(*) FROM ${t.rankRows}`), written];
}

async function writeSearchConsole(
  s: Session,
  t: StageNames,
  sc: NonNullable<RankImportCommit['searchConsole']>,
): Promise<number> {
  // The last staged row per key wins.
  await s.run(`CREATE TEMP TABLE ${t.gscRows} AS
    SELECT * EXCLUDE (ord) FROM ${t.gsc}
    QUALIFY row_number() OVER (PARTITION BY source, dimensions, date, query, page, country, device,
      search_appearance ORDER BY ord DESC) = 1`);
  const key = (a: string, b: string) =>
    ['source', 'dimensions'].map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ') +
    ' AND ' +
    ['query', 'page', 'country', 'device', 'search_appearance']
      .map((c) => `${a}.${c} IS NOT DISTINCT FROM ${b}.${c}`)
      .join(' AND ') +
    ` AND ${a}.date IS NOT DISTINCT FROM CAST(${b}.date AS DATE)`;
  await s.run(
    `DELETE FROM gsc_rows USING ${t.gscRows} g
     WHERE gsc_rows.property = $1 AND gsc_rows.search_type = $2 AND gsc_rows.period = $3 AND ${key('gsc_rows', 'g')}`,
    [sc.property, sc.searchType, sc.period],
  );
  return s.number(
    `INSERT INTO gsc_rows SELECT $1, $2, $3, source, dimensions, CAST(date AS DATE), query, page, country,
       device, search_appearance, clicks, impressions, ctr, position FROM ${t.gscRows}`,
    [sc.property, sc.searchType, sc.period],
  );
}

/** Adds the import's keywords of the campaign's market to it, with their tags and groups (union). */
async function joinCampaign(
  s: Session,
  t: StageNames,
  c: RankImportCommit,
  markets: Map<string, number>,
): Promise<number> {
  const campaign = c.campaign!;
  const mid = markets.get(campaign.market);
  if (mid === undefined) return 0;
  const cid = campaign.id;
  await s.run(`CREATE TEMP TABLE ${t.labels} (lid INTEGER, kind UTINYINT, label VARCHAR)`);
  await s.append(t.labels, (a) => {
    for (const k of c.keywords) {
      if (k.market !== campaign.market) continue;
      for (const [kind, list] of [
        [1, k.tags],
        [2, k.groups],
      ] as const) {
        for (const label of list) {
          a.appendInteger(k.localId);
          a.appendUTinyInt(kind);
          a.appendVarchar(label);
          a.endRow();
        }
      }
    }
  });
  await s.run(
    `INSERT INTO campaign_keywords
     SELECT $1, m.id, m.market_id FROM ${t.keywordMap} m
     WHERE m.market_id = $2 AND m.id NOT IN (SELECT keyword_id FROM campaign_keywords WHERE campaign_id = $1)
     ORDER BY m.id`,
    [cid, mid],
  );
  for (const [kind, labels, members, idCol, labelCol] of [
    [1, 'campaign_tags', 'campaign_keyword_tags', 'tag_id', 'tag'],
    [2, 'campaign_groups', 'campaign_keyword_groups', 'group_id', 'label'],
  ] as const) {
    await s.run(
      `INSERT INTO ${labels}
       SELECT $1, (SELECT coalesce(max(${idCol}), 0) FROM ${labels} WHERE campaign_id = $1)
         + row_number() OVER (ORDER BY label), label
       FROM (SELECT DISTINCT label FROM ${t.labels} WHERE kind = ${kind}
             AND label NOT IN (SELECT ${labelCol} FROM ${labels} WHERE campaign_id = $1))`,
      [cid],
    );
    await s.run(
      `INSERT INTO ${members}
       SELECT DISTINCT $1, m.id, l.${idCol} FROM ${t.labels} x
       JOIN ${t.keywordMap} m ON m.lid = x.lid
       JOIN ${labels} l ON l.campaign_id = $1 AND l.${labelCol} = x.label
       WHERE x.kind = ${kind} AND NOT EXISTS (SELECT 1 FROM ${members} y
         WHERE y.campaign_id = $1 AND y.keyword_id = m.id AND y.${idCol} = l.${idCol})`,
      [cid],
    );
  }
  return s.number(`SELECT count(*) FROM ${t.keywordMap} WHERE market_id = $1`, [mid]);
}

/**
 * Refreshes the per-date rollup and derived tables for the snapshots the import wrote: in one go, or per
 * range of (market, date) pairs when writeSerps wrote in ranges (each refresh sorts only its range's rows),
 * the explorer's market rollup then once for all of them.
 */
async function refreshSerpPairs(s: Session, t: StageNames, ranks: boolean): Promise<void> {
  const rankPairs = ranks ? ` UNION ALL SELECT market_id, date FROM ${t.rankRows}` : '';
  const ranges = await s.all(`SELECT lo, hi FROM ${t.ranges} ORDER BY lo`);
  if (ranges.length === 0) {
    await refreshSnapshots(s, `SELECT market_id, date FROM ${t.keys}${rankPairs}`);
    return;
  }
  for (const r of ranges) {
    await refreshSnapshots(
      s,
      `SELECT market_id, date FROM ${t.keys}
       WHERE market_id * ${PAIR_SPAN} + (date - DATE '1970-01-01') BETWEEN ${Number(r.lo)} AND ${Number(r.hi)}`,
      { explorer: false },
    );
  }
  await s.run(`CREATE OR REPLACE TEMP TABLE refresh_pairs AS SELECT DISTINCT market_id, date FROM ${t.keys}`);
  await refreshVeRollPairs(s, false);
  await s.run('DROP TABLE refresh_pairs');
  if (ranks) await refreshSnapshots(s, `SELECT market_id, date FROM ${t.rankRows}`);
}

export async function commitImport(
  s: Session,
  t: StageNames,
  c: RankImportCommit,
): Promise<RankImportCounts> {
  const markets = await stageKeywords(s, t, c);
  await upsertKeywords(s, t);
  await upsertUrls(s, t);
  const serpResults = await writeSerps(s, t);
  const [rankObservations, rankResults] = await mergeRanks(s, t);
  await refreshSerpPairs(s, t, rankObservations > 0);
  const snapshots = await s.number(
    `SELECT count(*) FROM (SELECT market_id, date, keyword_id FROM ${t.keys}${
      rankObservations > 0 ? ` UNION SELECT market_id, date, keyword_id FROM ${t.rankRows}` : ''
    })`,
  );
  const gscStaged = await s.number(`SELECT count(*) FROM ${t.gsc}`);
  if (gscStaged > 0 && c.searchConsole === null) {
    throw new RankInputError('Search Console rows were staged but the commit names no property');
  }
  const searchConsoleRows = gscStaged > 0 ? await writeSearchConsole(s, t, c.searchConsole!) : 0;
  const campaignKeywords = c.campaign === null ? 0 : await joinCampaign(s, t, c, markets);
  // Volumes and campaign membership this import changed: the campaigns and markets whose rollup signature no
  // longer matches are rebuilt now, so their reads stay on the rollup path instead of reading the SERP rows.
  if (markets.size > 0) {
    await refreshCampaignRollups(s, [...markets.values()].join(','));
    await refreshVeRollups(s, [...markets.values()].join(','));
  }
  return {
    keywords: c.keywords.length,
    serpResults: serpResults + rankResults,
    snapshots,
    rankObservations,
    searchConsoleRows,
    campaignKeywords,
  };
}
