// The campaign/explorer filter store (spec §3–§5): a thin zustand shell over the pure reducer of
// @core/filters. Every dispatched change is stamped with the browser clock (ms since epoch) so ranking tables
// can tell a newer filter state from the one they loaded; warnings and errors go to the console (spec §8).
import { create } from 'zustand';
import {
  createFilterState,
  reduceFilters,
  type FilterAction,
  type FilterLog,
  type FilterState,
} from '@core/filters';

/** An action as callers give it; the store adds `now`. */
export type FilterChange = FilterAction extends infer A
  ? A extends unknown
    ? Omit<A, 'now'>
    : never
  : never;

export interface FilterStore extends FilterState {
  /** True after the last change hit the preview build's domain limit (the domain was added inactive). */
  limitReached: boolean;
  dispatch: (change: FilterChange) => void;
  /** Back to empty filters (a new campaign or explorer view); `previewBuild` caps selected domains at 20. */
  reset: (previewBuild?: boolean) => void;
}

function logToConsole(log: readonly FilterLog[]): void {
  for (const entry of log) {
    if (entry.level === 'warn') console.warn(entry.message);
    else console.error(entry.message);
  }
}

export const useFilterStore = create<FilterStore>()((set, get) => ({
  ...createFilterState({ now: Date.now() }),
  limitReached: false,
  dispatch: (change) => {
    const { dispatch: _d, reset: _r, limitReached: _l, ...state } = get();
    const result = reduceFilters(state, { ...change, now: Date.now() } as FilterAction);
    logToConsole(result.log);
    set({ ...result.state, limitReached: result.limitReached });
  },
  reset: (previewBuild = false) =>
    set({ ...createFilterState({ now: Date.now(), previewBuild }), limitReached: false }),
}));
