// The ClickHouse campaign rollup (cv_roll, kept by every write in derived.ts) answers exactly as the SERP rows
// do: the reads with a rollup path (series with and without the market, type scores, competitors' domain
// scores) are asked once for the whole campaign (rollup when it can) and once with a keyword filter naming
// every keyword of the campaign (the same set, always the SERP-row path), after each write path: SERP inserts,
// volume changes, membership changes (keywords added, removed, a campaign emptied), an import commit and
// importBatches. Snapshots of different days (the rollup cannot answer) and point dates between snapshots are
// included; the rollup is also checked to hold rows, so the comparison is not of one path with itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CvScope } from '@storage/campaign-visibility-reads';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import type { ChContext } from '@storage/rank/clickhouse/context';
import type { RankStore } from '@storage/rank-store';
import {
  expectPairsSame,
  PATH_TARGETS,
  PLAIN,
  POINTS,
  type ReadPair,
  rollupFixture,
  rollupWriteCases,
  scopeOf,
  SPANS,
  STEEP,
  TARGETS,
} from './cv-rollup-fixture';
import { CLICKHOUSE_URL, freshDatabases, rewindSchema, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('ClickHouse campaign rollup');

const databases = freshDatabases();
let ctx: ChContext;
let rank: RankStore;
const fx = rollupFixture(() => rank);
const { members } = fx;

const OVERS: Partial<CvScope>[] = [PLAIN, { resultTypes: ['organic'], ctr: STEEP }];

/** Rows of the rollup over every shard. */
async function rollupRows(): Promise<number> {
  return Number((await ctx.entry.one(`SELECT count() AS n FROM ${ctx.all('cv_roll')}`)).n);
}

/** Every rollup-backed read of both campaigns: whole campaign vs the same keywords named one by one. */
async function expectRollupMatchesRows(step: string): Promise<void> {
  const cv = rank.campaignVisibility;
  const pairs: ReadPair[] = [];
  for (const campaignId of [1, 2]) {
    const texts = members.get(campaignId) ?? [];
    for (const over of OVERS) {
      const whole = scopeOf(campaignId, over);
      // An empty keyword filter means no filter, so an emptied campaign compares against itself.
      const named = scopeOf(campaignId, { ...over, keywords: texts });
      const at = `${step}, campaign ${campaignId} ${JSON.stringify(over).slice(0, 40)}`;
      const pair = (where: string, read: ReadPair['read']) => pairs.push({ where, read, whole, named });
      for (const span of SPANS) {
        pair(`${at} series ${span.start} path`, (sc) => cv.series(sc, PATH_TARGETS, span, { market: false }));
        pair(`${at} series ${span.start}`, (sc) => cv.series(sc, TARGETS, span, { market: true }));
        pair(`${at} typeScores ${span.start}`, (sc) => cv.typeScores(sc, TARGETS, span));
      }
      for (const p of POINTS) {
        pair(`${at} domainScores ${p}`, (sc) => cv.domainScores(sc, ['2026-01-05', p]));
      }
    }
  }
  await expectPairsSame(pairs);
}

beforeAll(async () => {
  if (CLICKHOUSE_URL === '') return;
  ctx = await openClickHouseContext(databases.next());
  rank = rankStoreOn(ctx);
  await rank.migrate();
  await fx.seedKeywords();
});
afterAll(async () => {
  await rank?.close();
});

/** Many reads per step: minutes on a busy machine. */
const SLOW = 300_000;

describe.skipIf(CLICKHOUSE_URL === '')('ClickHouse campaign rollup', () => {
  rollupWriteCases(
    () => rank,
    fx,
    expectRollupMatchesRows,
    async () => {
      expect(await rollupRows()).toBeGreaterThan(0);
    },
  );

  it(
    'builds the derived tables of data stored before schema version 3 when migrating',
    async () => {
      const before = await rollupRows();
      // Every shard back at version 2 with empty derived tables, as a workspace written before them.
      await rewindSchema(ctx, 2, ['serp_keyword_dates', 'cv_roll']);
      expect(await rollupRows()).toBe(0);
      await rank.migrate();
      expect(await rollupRows()).toBe(before);
      await expectRollupMatchesRows('migrated to version 3');
    },
    SLOW,
  );
});
