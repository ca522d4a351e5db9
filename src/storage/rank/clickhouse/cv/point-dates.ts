// Point dates of a span: every date in it on which a keyword of the set has a snapshot (DESIGN §3, Dates).
import type { CvScope, CvSpan } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { withRun } from './run';
import { stagePoints } from './snapshots';

export function pointDates(ctx: ChContext, scope: CvScope, span: CvSpan): Promise<string[]> {
  return withRun(
    ctx,
    scope,
    () => [],
    (run) => stagePoints(run, span),
  );
}
