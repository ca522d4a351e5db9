// How far the generation of the demo workspace has come, for the first start's set-up status: its phases
// in order, the share of the work each takes, and the whole as a percentage with an estimate of the seconds
// left. Pure (DESIGN §1): callers pass the elapsed time.

/** The phases of seedDemoWorkspace, in the order they run. */
export const DEMO_PHASES = ['plan', 'workspace', 'keywords', 'campaigns', 'serps'] as const;
export type DemoPhase = (typeof DEMO_PHASES)[number];

/**
 * Each phase's share of a default-size generation, in per cent of its wall-clock time (`npm run bench --
 * demo`: plan about 1 s, keywords 1 s, workspace and campaigns under 0.5 s, the SERP weeks the rest).
 */
const SHARE: Record<DemoPhase, number> = { plan: 1, workspace: 0, keywords: 1, campaigns: 0, serps: 98 };

/** A phase's progress: `done` of `total` steps (SERP weeks, markets, projects …). */
export interface DemoProgressPoint {
  phase: DemoPhase;
  done: number;
  total: number;
}

/** The whole generation's percentage done (0–100, one decimal) at a phase's progress. */
export function demoPercent({ phase, done, total }: DemoProgressPoint): number {
  const at = DEMO_PHASES.indexOf(phase);
  const before = DEMO_PHASES.slice(0, at).reduce((sum, p) => sum + SHARE[p], 0);
  const within = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  return Math.round((before + SHARE[phase] * within) * 10) / 10;
}

/**
 * Whole seconds left, extrapolated from the SERP phase's own pace, as its weeks take about the same time
 * each: the phase's whole duration is `stepMs` (milliseconds from its start to its latest step) ÷ steps done
 * × steps, less `nowMs` (milliseconds from its start to now), so the estimate runs down between steps. Null
 * before its first week is written, since the earlier phases say nothing about it.
 */
export function demoEtaSeconds(
  { phase, done, total }: DemoProgressPoint,
  stepMs: number,
  nowMs: number,
): number | null {
  if (phase !== 'serps' || done <= 0 || total <= 0) return null;
  return Math.max(0, Math.ceil(((stepMs / done) * total - nowMs) / 1000));
}
