// Issue 28 item 8: how many statements one visibility-explorer page load and one market-share page load send
// to ClickHouse, on one server and on the two-shard cluster, with the small market of the campaign-visibility
// count (statement-counts-fixture.ts). The explorer's page asks for the domain summary and the first page of
// the keyword table (the URL table is asked for too, as its tab and CSV do); the market-share page for the
// overview and the competitive matrix by tags. Per endpoint the test prints the statements by kind with
// their round trips; it asserts that every endpoint answers, that no temporary table is created (the steps
// are subqueries of the statements, no session is opened), and at most PAGE_STATEMENTS per page (before:
// explorer 37 statements with 7 temporary-table creates and 7 drops, market-share 22 with 4 and 4).
import { describe, expect, it } from 'vitest';
import { veRankingQuery } from '@contracts/visibility-explorer';
import { DEFAULT_CTR_MODEL } from '@core/metrics';
import { parseHostFilter } from '@core/host-match';
import { matrix } from '@server/services/market-share/matrix';
import { overview } from '@server/services/market-share/overview';
import type { MsRequest } from '@server/services/market-share/request';
import { keywordRanking, urlRanking } from '@server/services/visibility-explorer/ranking';
import type { VeRequest } from '@server/services/visibility-explorer/request';
import { domainSummary } from '@server/services/visibility-explorer/summary';
import type { RankStore } from '@storage/rank-store';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, warnIfNoClickHouse } from './clickhouse-env';
import {
  CAMPAIGN,
  countOnClickHouse,
  DATES,
  DOMAINS,
  MARKET,
  print,
  TRACKED,
  type Count,
} from './statement-counts-fixture';

warnIfNoClickHouse('Explorer and market-share statement counts on ClickHouse');

/** Most statements of each page load, on one server and on the cluster alike. */
const PAGE_STATEMENTS = { explorer: 23, 'market-share': 7 };

type Page = (rank: RankStore) => [string, () => Promise<unknown>][];

/** The explorer's page for a domain of the market over every snapshot. */
const explorerPage: Page = (rank) => {
  const filter = parseHostFilter(DOMAINS[3]!)!;
  const req: VeRequest = {
    market: MARKET,
    rankMarket: MARKET,
    filter,
    target: { key: filter.value, filters: [filter] },
    span: { start: DATES[0]!, end: DATES.at(-1)! },
    date: DATES.at(-1)!,
    ctr: DEFAULT_CTR_MODEL,
    reads: rank.visibilityExplorer,
    rank,
  };
  const q = veRankingQuery.parse({ domains: [filter.value] });
  return [
    ['domains', () => domainSummary(req, 10)],
    ['ranking/keywords', () => keywordRanking(req, q)],
    ['ranking/urls', () => urlRanking(req, q)],
  ];
};

/** The market-share page of the campaign's organisation, its tracked domains shown besides the leaders. */
const marketSharePage: Page = (rank) => {
  const req: MsRequest = {
    market: MARKET,
    rankMarket: MARKET,
    time: 'quarter',
    span: { start: DATES[0]!, end: DATES.at(-1)! },
    points: DATES,
    host: DOMAINS[7]!,
    tracked: new Map(TRACKED.map((d, i) => [d, i === 0])),
    campaigns: [CAMPAIGN],
    limit: 10,
  };
  return [
    ['overview', () => overview(rank, req)],
    ['competitive-matrix', () => matrix(rank, req, 'tags')],
  ];
};

function check(page: keyof typeof PAGE_STATEMENTS, counts: Count[]): void {
  for (const c of counts) {
    expect(c.statements, c.endpoint).toBeGreaterThan(0);
    expect(Object.keys(c.kinds ?? {}), c.endpoint).not.toContain('create temp');
  }
  expect(counts.reduce((a, c) => a + c.statements, 0)).toBeLessThanOrEqual(PAGE_STATEMENTS[page]);
}

describe.skipIf(CLICKHOUSE_URL === '')('statements of one explorer and one market-share page load', () => {
  const pages = { explorer: explorerPage, 'market-share': marketSharePage };
  for (const [name, cluster] of [
    ['one ClickHouse server', null],
    ['the ClickHouse cluster', CLICKHOUSE_CLUSTER],
  ] as const) {
    it.skipIf(name !== 'one ClickHouse server' && cluster === null)(
      `on ${name}`,
      async () => {
        const all: [keyof typeof pages, Count[]][] = [];
        for (const [page, of] of Object.entries(pages) as [keyof typeof pages, Page][]) {
          const counts = await countOnClickHouse(cluster, of);
          print(`${page} page, ${name}`, counts);
          all.push([page, counts]);
        }
        for (const [page, counts] of all) check(page, counts);
      },
      180_000,
    );
  }
});
