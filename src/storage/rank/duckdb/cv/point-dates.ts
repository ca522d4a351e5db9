// Point dates of a span: every date in it on which a keyword of the set has a snapshot (DESIGN §3, Dates).
import type { CvScope, CvSpan } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { rollupPoints } from './rollup-plan';
import { withRun } from './run';
import { stagePoints } from './snapshots';

export function pointDates(db: DuckDb, scope: CvScope, span: CvSpan): Promise<string[]> {
  return withRun(
    db,
    scope,
    { dates: [span.start, span.end], rollupFirst: true },
    () => [],
    async (run) => rollupPoints(run, span, true) ?? stagePoints(run, span),
  );
}
