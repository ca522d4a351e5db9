// Conformance and property test of the planned reads (src/storage/rank/plan, issue 28) on DuckDB, one
// ClickHouse server and the two-shard cluster: each engine's planned reads (series, result-type rows, league
// domain scores, label reads, best-position counts, volume buckets, ranking tables, keyword-level reads) are
// run through the property checks of plan-property-checks.ts — every plan the planner allows gives the raw
// plan's numbers and the src/core reference's — and the test asserts which of the engine's cheaper plans were
// actually taken, so the comparison is never of the raw plan with itself.
import { expect, it } from 'vitest';
import * as duckDbSeries from '@storage/rank/duckdb/cv/plan-series';
import * as duckDbTypeScores from '@storage/rank/duckdb/cv/plan-type-scores';
import * as duckDbDomainScores from '@storage/rank/duckdb/cv/plan-domain-scores';
import * as duckDbLabels from '@storage/rank/duckdb/cv/plan-labels';
import * as duckDbKeywords from '@storage/rank/duckdb/cv/plan-keywords';
import * as duckDbRanking from '@storage/rank/duckdb/cv/plan-ranking';
import * as clickHouseSeries from '@storage/rank/clickhouse/cv/plan-series';
import * as clickHouseTypeScores from '@storage/rank/clickhouse/cv/plan-type-scores';
import * as clickHouseDomainScores from '@storage/rank/clickhouse/cv/plan-domain-scores';
import * as clickHouseLabels from '@storage/rank/clickhouse/cv/plan-labels';
import * as clickHouseKeywords from '@storage/rank/clickhouse/cv/plan-keywords';
import * as clickHouseRanking from '@storage/rank/clickhouse/cv/plan-ranking';
import { checkPlans, plannedReadsOf, seed } from './plan-property-checks';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, onEachClickHouse, warnIfNoClickHouse } from './clickhouse-env';
import { onDuckDb } from './duckdb-env';

// The emitters' entry points take the database itself (a plan can be forced only below the port).
onDuckDb('planned series', seed, (get) => {
  it('gives the raw plan and the core reference the same numbers on every plan', async () => {
    const { db, data } = get();
    const used = await checkPlans(
      data,
      plannedReadsOf(db, {
        ...duckDbSeries,
        ...duckDbTypeScores,
        ...duckDbDomainScores,
        ...duckDbLabels,
        ...duckDbKeywords,
        ...duckDbRanking,
      }),
    );
    expect(used.get('rollup')).toBeGreaterThan(0);
    expect(used.get('scored')).toBeGreaterThan(50);
    expect(used.get('typed')).toBeGreaterThan(50);
    expect(used.get('leagued')).toBeGreaterThan(50);
    expect(used.get('league rollup')).toBeGreaterThan(0);
    expect(used.get('sorted')).toBe(used.get('raw'));
    expect(used.get('labelled')).toBeGreaterThan(50);
    // Every label read of every case: two kinds × (share + sums).
    expect(used.get('label planned')).toBe(4 * used.get('raw')!);
    expect(used.get('ranked')).toBeGreaterThan(50);
    // The sorted plan answered every best-position and volume-bucket read too.
    expect(used.get('best planned')).toBe(used.get('best read'));
    expect(used.get('volume planned')).toBe(used.get('best read'));
    expect(used.get('volume ranked')).toBeGreaterThan(50);
    expect(used.get('ranking rows')).toBeGreaterThan(50);
    // The sorted plan answered every ranking-table read.
    expect(used.get('ranking planned')).toBe(used.get('ranking read'));
    expect(used.get('changed')).toBeGreaterThan(50);
    expect(used.get('weekly')).toBeGreaterThan(50);
    // The sorted plan answered every keyword-level read: two per case, three with a target.
    expect(used.get('keyword planned')).toBeGreaterThanOrEqual(2 * used.get('raw')!);
  }, 120_000);
});

warnIfNoClickHouse('planned series on ClickHouse');
if (CLICKHOUSE_URL !== '' && CLICKHOUSE_CLUSTER === null) {
  console.warn('planned series on the ClickHouse cluster skipped: set SIGHTLINE_TEST_CLICKHOUSE_CLUSTER');
}
onEachClickHouse('planned series', seed, (get) => {
  it('gives the raw plan and the core reference the same numbers on every plan', async () => {
    const { ctx, data } = get();
    const used = await checkPlans(
      data,
      plannedReadsOf(ctx, {
        ...clickHouseSeries,
        ...clickHouseTypeScores,
        ...clickHouseDomainScores,
        ...clickHouseLabels,
        ...clickHouseKeywords,
        ...clickHouseRanking,
      }),
    );
    expect(used.get('rollup')).toBeGreaterThan(0);
    expect(used.get('scored')).toBeGreaterThan(50);
    expect(used.get('typed')).toBeGreaterThan(50);
    expect(used.get('leagued')).toBeGreaterThan(50);
    expect(used.get('league rollup')).toBeGreaterThan(0);
    expect(used.get('sorted')).toBe(0);
    expect(used.get('labelled')).toBeGreaterThan(50);
    expect(used.get('label planned')).toBe(0);
    expect(used.get('ranked')).toBeGreaterThan(50);
    expect(used.get('best planned')).toBe(0);
    expect(used.get('volume planned')).toBe(0);
    expect(used.get('volume ranked')).toBeGreaterThan(50);
    expect(used.get('ranking rows')).toBeGreaterThan(50);
    expect(used.get('ranking planned')).toBe(0);
    expect(used.get('changed')).toBeGreaterThan(50);
    expect(used.get('weekly')).toBeGreaterThan(50);
    expect(used.get('keyword planned')).toBe(0);
  }, 600_000);
});
