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

/** Milliseconds from one origin (the generation's start): to its first SERP week, to its latest, to now. */
export interface SerpTimes {
  firstMs: number;
  latestMs: number;
  nowMs: number;
}

/**
 * Whole seconds left, extrapolated from the pace of the SERP weeks after the first (which also stages the
 * plan's hosts and URLs), as they take about the same time each; the estimate runs down between weeks.
 * Null until two weeks are written, as nothing before says how long a week takes.
 */
export function demoEtaSeconds({ phase, done, total }: DemoProgressPoint, t: SerpTimes): number | null {
  if (phase !== 'serps' || done < 2) return null;
  const perWeek = (t.latestMs - t.firstMs) / (done - 1);
  return Math.max(0, Math.ceil((t.latestMs + perWeek * Math.max(0, total - done) - t.nowMs) / 1000));
}
