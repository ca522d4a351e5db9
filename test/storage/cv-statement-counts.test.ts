// Issue 28 item 8: how many statements one campaign-visibility page load sends to each engine. The screen's
// first requests (bench/RESULTS.md, scenario screen: filters, then the eight widgets' endpoints) are run one
// after another through the service functions behind the routes, on DuckDB, one ClickHouse server and the
// two-shard cluster, with the same small campaign; per endpoint the test prints the statements sent (DuckDb
// callsMade: calls into the engine; ChServer statementsSent: HTTP requests, each one statement and one round
// trip) and, on ClickHouse, what kind they were (temporary tables created and dropped, other statements) with
// their round-trip time as the client saw it, and the sub-queries a Distributed table sent on to the shards
// (the servers' query_log). It asserts that every endpoint answers and sends at least one statement, and on
// ClickHouse that the page load stages no temporary table and sends at most CH_PAGE_STATEMENTS statements
// (issue 28 item 8: the steps are subqueries of the reads now; 114 statements, 37 of them temporary-table
// creates and 41 drops, before); the timings are for reading, not for asserting. A second case counts the
// ranking tables' first pages on ClickHouse the same way (no temporary table; 19 statements before).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cvRankingQuery } from '@contracts/campaign-visibility';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import {
  labelShare,
  rankRanges,
  resultTypeProminence,
  searchVolumeRanges,
} from '@server/services/campaign-visibility/breakdowns';
import { filters } from '@server/services/campaign-visibility/filters';
import { keywordRanking, urlRanking } from '@server/services/campaign-visibility/ranking';
import { competitors, visibilityScoreLost } from '@server/services/campaign-visibility/league';
import type { CvRequest, CvTargetEntry } from '@server/services/campaign-visibility/request';
import { domainSummary } from '@server/services/campaign-visibility/summary';
import { DuckDb } from '@storage/rank/duckdb/db';
import { duckDbRankStoreOn } from '@storage/rank/duckdb/store';
import type { RankStore } from '@storage/rank-store';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, warnIfNoClickHouse } from './clickhouse-env';
import {
  CAMPAIGN,
  CAMPAIGN_ID,
  countOnClickHouse,
  countPage,
  DATES,
  DOMAINS,
  MARKET,
  print,
  seed,
  TRACKED,
} from './statement-counts-fixture';

warnIfNoClickHouse('Statement counts on ClickHouse');

/** ClickHouse statements of one page load, on one server and on the cluster alike (114 before item 8). */
const CH_PAGE_STATEMENTS = 36;
/** The screen's requests of one page load, as the service runs them (routes → service functions). */
const ENDPOINTS: [string, (req: CvRequest, rank: RankStore) => Promise<unknown>][] = [
  ['filters', (req, rank) => filters(req, rank)],
  ['domains', (req) => domainSummary(req)],
  ['result-type-prominence', (req) => resultTypeProminence(req)],
  ['rank-ranges', (req) => rankRanges(req)],
  ['search-volume-ranges', (req) => searchVolumeRanges(req)],
  ['visibility-share', (req) => labelShare(req, 'groups')],
  ['tags', (req) => labelShare(req, 'tags')],
  ['visibility-score-lost', (req) => visibilityScoreLost(req)],
  ['competitors', (req) => competitors(req)],
];

function request(rank: RankStore): CvRequest {
  const domain = (value: string): CvTargetEntry => {
    const f = parseHostFilter(value)!;
    return {
      ref: { key: value, kind: 'domain', label: value, color: null },
      target: { key: `d:${value}`, filters: [f] },
    };
  };
  const group: CvTargetEntry = {
    ref: { key: '1', kind: 'group', label: 'pair', color: null },
    target: { key: 'g:1', filters: [parseHostFilter(DOMAINS[0]!)!, parseHostFilter(DOMAINS[1]!)!] },
  };
  return {
    campaign: CAMPAIGN,
    tracked: [],
    domainGroups: [],
    scope: {
      campaignId: CAMPAIGN_ID,
      market: MARKET,
      tags: [],
      tagsMatch: 'any',
      groups: [],
      keywords: [],
      resultTypes: [],
      ctr: DEFAULT_CTR,
    },
    targets: [...TRACKED.map(domain), group],
    domainCount: TRACKED.length,
    span: { start: DATES[0]!, end: DATES.at(-1)! },
    date: DATES.at(-1)!,
    useWholeMarket: false,
    reads: rank.campaignVisibility,
  };
}

/** The page's endpoints on `rank`, each with the same request. */
function pageOf(rank: RankStore): [string, () => Promise<unknown>][] {
  const req = request(rank);
  return ENDPOINTS.map(([name, run]) => [name, () => run(req, rank)]);
}

/**
 * The statements `of`'s endpoints send to ClickHouse (one server, or the cluster), printed under `title`: each
 * endpoint sends one at least, none stages a temporary table, and all of them at most `cap`.
 */
function onClickHouse(
  cluster: string | null,
  of: (rank: RankStore) => [string, () => Promise<unknown>][],
  cap: number,
  title: string,
) {
  return async () => {
    const counts = await countOnClickHouse(cluster, of);
    print(title, counts);
    for (const c of counts) {
      expect(c.statements, c.endpoint).toBeGreaterThan(0);
      expect(Object.keys(c.kinds ?? {}), c.endpoint).not.toContain('create temp');
    }
    expect(counts.reduce((a, c) => a + c.statements, 0)).toBeLessThanOrEqual(cap);
  };
}

describe('statements of one campaign-visibility page load', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('on DuckDB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-counts-'));
    dirs.push(dir);
    const db = await DuckDb.open(join(dir, 'rank.duckdb'));
    const rank = duckDbRankStoreOn(db);
    try {
      await rank.migrate();
      await seed(rank);
      const counts = await countPage(pageOf(rank), () => db.callsMade);
      print('DuckDB (calls into the engine)', counts);
      for (const c of counts) expect(c.statements, c.endpoint).toBeGreaterThan(0);
    } finally {
      await rank.close();
    }
  });

  const clickhouse = (cluster: string | null) =>
    onClickHouse(
      cluster,
      pageOf,
      CH_PAGE_STATEMENTS,
      cluster === null ? 'ClickHouse, one server' : `ClickHouse cluster ${cluster}`,
    );

  it.skipIf(CLICKHOUSE_URL === '')('on one ClickHouse server', clickhouse(null), 120_000);
  it.skipIf(CLICKHOUSE_URL === '' || CLICKHOUSE_CLUSTER === null)(
    'on the ClickHouse cluster',
    clickhouse(CLICKHOUSE_CLUSTER),
    120_000,
  );
});

/**
 * ClickHouse statements of the ranking tables' first pages (keywords by the first domain's VS, URLs by VS),
 * on one server and on the cluster alike, no temporary table (19 before: 10 and 9, each with 2 temporary-table
 * creates and 2 drops).
 */
const CH_RANKING_STATEMENTS = 9;

describe('statements of the ranking tables', () => {
  const tables = (rank: RankStore): [string, () => Promise<unknown>][] => {
    const req = request(rank);
    const byScore = cvRankingQuery.parse({ sortField: 'visibilityScore|0', sortDirection: 'desc' });
    return [
      ['ranking/keywords', () => keywordRanking(req, byScore)],
      ['ranking/urls', () => urlRanking(req, cvRankingQuery.parse({}))],
    ];
  };
  const clickhouse = (cluster: string | null) =>
    onClickHouse(
      cluster,
      tables,
      CH_RANKING_STATEMENTS,
      `Ranking tables, ${cluster === null ? 'one server' : `cluster ${cluster}`}`,
    );

  it.skipIf(CLICKHOUSE_URL === '')('on one ClickHouse server', clickhouse(null), 120_000);
  it.skipIf(CLICKHOUSE_URL === '' || CLICKHOUSE_CLUSTER === null)(
    'on the ClickHouse cluster',
    clickhouse(CLICKHOUSE_CLUSTER),
    120_000,
  );
});
