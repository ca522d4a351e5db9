// The ClickHouse (18.16) emitter of planned reads (src/storage/rank/plan): the building blocks a planned read
// (plan-series.ts) puts together — the CTR model here, the keyword set (run.ts, cv_kw), the date rule
// (snapshots.ts, cv_snaps and cv_use), the target match (run.ts stageTargets, snapshots.ts stageHits) and the
// rollup source (rollup.ts). The CTR curve enters this emitter's SQL in scoreSql only, so a campaign's own
// model is one argument. Units: scores are estimated monthly clicks (sv × ctr).
import type { CtrModel } from '@core/metrics/ctr-model';
import type { EngineCapabilities } from '../../plan/planner';
import { ctrArray } from './sql';

/** ClickHouse's rollup holds hosts, not paths, and there are no sorted copies beside serp_results. */
export const CLICKHOUSE_CAPABILITIES: EngineCapabilities = {
  rollupPaths: false,
  sortedCopy: false,
  rawOwnDate: false,
};

/** `sv × ctr(position)` of SQL expressions (null for unknown volume). */
export function scoreSql(ctr: CtrModel, sv: string, position: string): string {
  return `${sv} * ${ctrArray(ctr.values)}[${position}]`;
}
