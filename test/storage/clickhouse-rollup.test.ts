// The ClickHouse campaign rollup (cv_roll, kept by every write in derived.ts) answers exactly as the SERP rows
// do: the reads with a rollup path (series with and without the market, type scores, competitors' domain
// scores) are asked once for the whole campaign (rollup when it can) and once with a keyword filter naming
// every keyword of the campaign (the same set, always the SERP-row path), after each write path: SERP inserts,
// volume changes, membership changes (keywords added, removed, a campaign emptied), an import commit and
// importBatches. Snapshots of different days (the rollup cannot answer) and point dates between snapshots are
// included; the rollup is also checked to hold rows, so the comparison is not of one path with itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import type { ResultType } from '@core/result-types';
import type { CvScope, CvTarget } from '@storage/campaign-visibility-reads';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import type { ChContext } from '@storage/rank/clickhouse/context';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import type { RankBatch } from '@storage/transfer';
import { CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('ClickHouse campaign rollup');

const databases = freshDatabases();
let ctx: ChContext;
let rank: RankStore;
const ids = new Map<string, number>();
const members = new Map<number, string[]>();

const target = (key: string, ...values: string[]): CvTarget => ({
  key,
  filters: values.map((v) => parseHostFilter(v)!),
});
const TARGETS = [
  target('a', 'a.com'),
  target('www', 'www.a.com'),
  target('group', 'a.com', 'www.a.com', 'b.com'),
  target('b', 'b.com'),
  target('nowhere', 'unknown.example'),
];
const PATH_TARGETS = [...TARGETS, target('path', 'www.a.com/x')];
const STEEP = DEFAULT_CTR.map((c, i) => (i < 3 ? c * 2 : c / 2));
const HOSTS = ['www.a.com', 'shop.a.com', 'b.com', 'c.org', 'www.b.com', 'd.net'];
const TYPES: ResultType[] = ['organic', 'brand', 'featured_snippet', 'video'];

/** A page of `n` results for keyword `kw` on `date`, hosts and types rotated by `shift`. */
function page(kw: string, date: string, n: number, shift: number): SerpResultInput[] {
  return Array.from({ length: n }, (_, i) => ({
    market: 'gb-en',
    keywordId: ids.get(kw)!,
    date,
    position: i + 1,
    resultType: TYPES[(i + shift) % TYPES.length]!,
    url: `https://${HOSTS[(i * 2 + shift) % HOSTS.length]}/${i % 2 === 0 ? 'x' : 'y'}/${kw}`,
  }));
}

async function setMembers(campaignId: number, texts: string[]): Promise<void> {
  members.set(campaignId, texts);
  await rank.setCampaignKeywords(
    campaignId,
    'gb-en',
    texts.map((t, i) => ({
      keywordId: ids.get(t)!,
      tags: i % 2 === 0 ? ['even'] : ['odd', 'x'],
      groups: [],
    })),
  );
}

const scopeOf = (campaignId: number, over: Partial<CvScope>): CvScope => ({
  campaignId,
  market: 'gb-en',
  tags: [],
  tagsMatch: 'any',
  groups: [],
  keywords: [],
  resultTypes: [],
  ctr: DEFAULT_CTR,
  ...over,
});

/** Equal up to a relative 1e-9 on numbers (the rollup adds the same products in another order). */
function expectSame(actual: unknown, expected: unknown, where: string): void {
  const walk = (a: unknown, e: unknown, path: string): void => {
    if (typeof a === 'number' && typeof e === 'number') {
      if (Math.abs(a - e) > 1e-9 * Math.max(1, Math.abs(e))) expect.fail(`${where} ${path}: ${a} ≠ ${e}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(e)) {
      expect(a.length, `${where} ${path} length`).toBe(e.length);
      a.forEach((x, i) => walk(x, e[i], `${path}[${i}]`));
      return;
    }
    if (a !== null && e !== null && typeof a === 'object' && typeof e === 'object') {
      expect(Object.keys(a).sort(), `${where} ${path} keys`).toEqual(Object.keys(e).sort());
      for (const k of Object.keys(a)) walk((a as never)[k], (e as never)[k], `${path}.${k}`);
      return;
    }
    expect(a, `${where} ${path}`).toEqual(e);
  };
  walk(actual, expected, '');
}

const SPANS = [
  { start: '2026-01-01', end: '2026-01-31' },
  { start: '2026-01-06', end: '2026-01-13' },
];
const POINTS = ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-20'];

const PLAIN: Partial<CvScope> = {};
const OVERS: Partial<CvScope>[] = [PLAIN, { resultTypes: ['organic'], ctr: STEEP }];

/** Rows of the rollup over every shard. */
async function rollupRows(): Promise<number> {
  return Number((await ctx.entry.one(`SELECT count() AS n FROM ${ctx.all('cv_roll')}`)).n);
}

/** Every rollup-backed read of both campaigns: whole campaign vs the same keywords named one by one. */
async function expectRollupMatchesRows(step: string): Promise<void> {
  const cv = rank.campaignVisibility;
  for (const campaignId of [1, 2]) {
    const texts = members.get(campaignId) ?? [];
    for (const over of OVERS) {
      const whole = scopeOf(campaignId, over);
      // An empty keyword filter means no filter, so an emptied campaign compares against itself.
      const named = scopeOf(campaignId, { ...over, keywords: texts });
      const at = `${step}, campaign ${campaignId} ${JSON.stringify(over).slice(0, 40)}`;
      for (const span of SPANS) {
        expectSame(
          await cv.series(whole, PATH_TARGETS, span, { market: false }),
          await cv.series(named, PATH_TARGETS, span, { market: false }),
          `${at} series ${span.start} path`,
        );
        expectSame(
          await cv.series(whole, TARGETS, span, { market: true }),
          await cv.series(named, TARGETS, span, { market: true }),
          `${at} series ${span.start}`,
        );
        expectSame(
          await cv.typeScores(whole, TARGETS, span),
          await cv.typeScores(named, TARGETS, span),
          `${at} typeScores ${span.start}`,
        );
      }
      for (const p of POINTS) {
        expectSame(
          await cv.domainScores(whole, ['2026-01-05', p]),
          await cv.domainScores(named, ['2026-01-05', p]),
          `${at} domainScores ${p}`,
        );
      }
    }
  }
}

beforeAll(async () => {
  if (CLICKHOUSE_URL === '') return;
  ctx = await openClickHouseContext(databases.next());
  rank = rankStoreOn(ctx);
  await rank.migrate();
  const texts = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
  const sv = [1000, 250, null, 40, 7, 3000];
  for (const [t, id] of await rank.upsertKeywords(
    'gb-en',
    texts.map((text, i) => ({ text, sv: sv[i]! })),
  )) {
    ids.set(t, id);
  }
});
afterAll(async () => {
  await rank?.close();
});

/** Many reads per step: minutes on a busy machine. */
const SLOW = 300_000;
const all = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
let saved: RankBatch[] = [];
let segment: { table: 'serp_results'; marketId: number | null; date: string };

describe.skipIf(CLICKHOUSE_URL === '')('ClickHouse campaign rollup', () => {
  it(
    'after SERP inserts, including keywords checked on different days',
    async () => {
      await setMembers(1, ['k1', 'k2', 'k3', 'k4', 'k5']);
      await setMembers(2, ['k3', 'k4', 'k5', 'k6']);
      await rank.insertSerpResults(all.flatMap((k, i) => page(k, '2026-01-05', 12, i)));
      expect(await rollupRows()).toBeGreaterThan(0);
      await expectRollupMatchesRows('first week');
      // A second week of full pages, then a snapshot of k1 alone two days later.
      await rank.insertSerpResults(all.flatMap((k, i) => page(k, '2026-01-12', 10, i + 1)));
      await rank.insertSerpResults(page('k1', '2026-01-14', 8, 3));
      await expectRollupMatchesRows('three dates');
    },
    SLOW,
  );

  it(
    'after volume changes',
    async () => {
      await rank.upsertKeywords('gb-en', [
        { text: 'k2', sv: 900 },
        { text: 'k3', sv: 55 },
      ]);
      await expectRollupMatchesRows('volumes changed');
    },
    SLOW,
  );

  it(
    'after membership changes: keywords added and removed, a campaign emptied and refilled',
    async () => {
      await setMembers(1, ['k1', 'k2', 'k6']);
      await setMembers(2, []);
      await expectRollupMatchesRows('membership changed, campaign 2 emptied');
      await setMembers(2, ['k2', 'k3', 'k4']);
      await rank.insertSerpResults(all.flatMap((k, i) => page(k, '2026-01-19', 6, i + 2)));
      await expectRollupMatchesRows('campaign 2 back, fourth date');
    },
    SLOW,
  );

  it(
    'after a snapshot is replaced, an import commit with a volume change, and importBatches',
    async () => {
      const marketId = (await rank.checksums()).segments.find((x) => x.table === 'serp_results')!.marketId;
      segment = { table: 'serp_results', marketId, date: '2026-01-12' };
      saved = [];
      for await (const b of rank.exportBatches(segment)) saved.push(b);
      await rank.insertSerpResults(page('k2', '2026-01-12', 3, 0));
      await expectRollupMatchesRows('a snapshot replaced');

      const imp = await rank.beginImport();
      await imp.addUrls([
        { localId: 0, url: 'https://b.com/i', host: 'b.com', domain: 'b.com', path: '/i', title: null },
      ]);
      await imp.addSerpRows({
        count: 2,
        keyword: Int32Array.from([0, 0]),
        day: Int32Array.from([20_470, 20_470]), // 2026-01-17
        position: Uint8Array.from([1, 2]),
        resultType: Uint8Array.from([0, 1]),
        url: Int32Array.from([0, 0]),
        part: Uint16Array.from([0, 0]),
      });
      await imp.commit({
        keywords: [{ localId: 0, market: 'gb-en', text: 'k4', sv: 400, tags: [], groups: [] }],
        campaign: null,
        searchConsole: null,
      });
      await expectRollupMatchesRows('import commit with a volume change');

      // A keyword list: volumes only, no SERP rows, so only the commit's campaign-rollup rebuild sees it.
      const list = await rank.beginImport();
      await list.commit({
        keywords: [{ localId: 0, market: 'gb-en', text: 'k4', sv: 1_900, tags: [], groups: [] }],
        campaign: null,
        searchConsole: null,
      });
      await expectRollupMatchesRows('import commit of volumes only');

      await rank.importBatches(
        segment,
        (async function* () {
          yield* saved;
        })(),
      );
      await expectRollupMatchesRows('importBatches restored a snapshot');
    },
    SLOW,
  );

  it(
    'builds the derived tables of data stored before schema version 3 when migrating',
    async () => {
      const before = await rollupRows();
      // Every shard back at version 2 with empty derived tables, as a workspace written before them.
      for (const shard of ctx.topology.shards) {
        await shard.server.command(`DROP TABLE ${ctx.table('schema_version')}`);
        await shard.server.command(
          `CREATE TABLE ${ctx.table('schema_version')} (version UInt32, applied_at DateTime)
           ENGINE = MergeTree ORDER BY version`,
        );
        await shard.server.command(
          `INSERT INTO ${ctx.table('schema_version')} VALUES (1, now()), (2, now())`,
        );
        await shard.server.command(`TRUNCATE TABLE ${ctx.local('serp_keyword_dates')}`);
        await shard.server.command(`TRUNCATE TABLE ${ctx.local('cv_roll')}`);
      }
      expect(await rollupRows()).toBe(0);
      await rank.migrate();
      expect(await rollupRows()).toBe(before);
      await expectRollupMatchesRows('migrated to version 3');
    },
    SLOW,
  );
});
