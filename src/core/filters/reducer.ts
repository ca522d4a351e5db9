// The filter transitions of spec §4–§5 as one pure reducer: add, set, clear, remove, toggle activity (one item
// or the whole filter), toggle a domain's visibility, add/remove/rename domain groups. Every change moves the
// timestamp to the action's `now`; a refused change leaves the state as it was. Warnings and errors are
// returned for the caller to log (spec §8: console only).
import { firstUnusedColour } from '../palette';
import { urlFilterDomain } from './selectors';
import {
  defaultFilters,
  isListFilter,
  type DomainEntry,
  type DomainGroupEntry,
  type FilterEntry,
  type FilterName,
  type Filters,
  type FilterState,
  type ListFilterName,
  type ValueFilterName,
} from './types';

/** What a caller passes to add or set an item; missing fields take their defaults. */
export interface EntryInput {
  value: string;
  /** Defaults to the value. */
  label?: string;
  /** Domains and groups: the first palette colour unused by selected domains and groups when absent. */
  color?: string | null;
  /** Defaults to true. */
  active?: boolean;
  /** Domains only; defaults to true. */
  selected?: boolean;
  /** Domain groups only: member domain values. */
  members?: string[];
}

export type FilterAction = { now: number } & (
  | { type: 'add'; filter: FilterName; entries: EntryInput[] }
  | { type: 'set'; filter: ListFilterName; entries: EntryInput[] }
  | { type: 'set'; filter: 'useWholeMarket'; value: boolean }
  | { type: 'set'; filter: 'url'; value: string | null }
  | { type: 'set'; filter: 'date'; value: string | null }
  | { type: 'clear'; filter?: FilterName }
  | { type: 'remove'; filter: FilterName; value: string }
  | { type: 'toggleActive'; filter: FilterName; value?: string }
  | { type: 'toggleDomainVisibility'; value: string }
  | { type: 'addDomainGroup'; group: EntryInput }
  | { type: 'removeDomainGroup'; value: string }
  | { type: 'renameDomainGroup'; value: string; label: string }
  | { type: 'loaded' }
);

export interface FilterLog {
  level: 'warn' | 'error';
  message: string;
}

export interface FilterResult {
  state: FilterState;
  log: FilterLog[];
  /** True when a domain could not be selected because the preview limit was reached (spec §9). */
  limitReached: boolean;
}

export function duplicateValueMessage(filter: FilterName, value: string): string {
  return `Filter ${filter} already contains the value ${JSON.stringify(value)}; it was not added`;
}

export function notAListMessage(filter: FilterName, verb: 'add to' | 'remove from'): string {
  return `Cannot ${verb} filter ${filter}: it is not a list`;
}

/** Colours taken by selected domains and by domain groups (spec §4). */
function usedColours(f: Filters): string[] {
  return [...f.domains.filter((d) => d.selected).map((d) => d.color), ...f.domainGroups.map((g) => g.color)];
}

function plainEntry(input: EntryInput): FilterEntry {
  return {
    value: input.value,
    label: input.label ?? input.value,
    color: input.color ?? null,
    active: input.active ?? true,
  };
}

/** Spec §4/§9: a domain beyond the preview limit is added inactive and unselected. */
function domainEntry(f: Filters, input: EntryInput, limit: number | null): DomainEntry {
  const wantsSelection = input.selected ?? true;
  const full = limit !== null && f.domains.filter((d) => d.selected).length >= limit;
  const selected = wantsSelection && !full;
  return {
    value: input.value,
    label: input.label ?? input.value,
    color: input.color ?? firstUnusedColour(usedColours(f)),
    active: selected ? (input.active ?? true) : false,
    selected,
  };
}

function groupEntry(f: Filters, input: EntryInput): DomainGroupEntry {
  return {
    value: input.value,
    label: input.label ?? input.value,
    color: input.color ?? firstUnusedColour(usedColours(f)),
    active: input.active ?? true,
    members: [...(input.members ?? [])],
  };
}

/** Appends entries one by one (so each new colour sees the previous ones), refusing duplicate values. */
function appendEntries(
  f: Filters,
  name: ListFilterName,
  inputs: readonly EntryInput[],
  limit: number | null,
  log: FilterLog[],
): Filters {
  let next = f;
  for (const input of inputs) {
    const list = next[name] as readonly FilterEntry[];
    if (list.some((e) => e.value === input.value)) {
      log.push({ level: 'warn', message: duplicateValueMessage(name, input.value) });
      continue;
    }
    const entry =
      name === 'domains'
        ? domainEntry(next, input, limit)
        : name === 'domainGroups'
          ? groupEntry(next, input)
          : plainEntry(input);
    next = { ...next, [name]: [...list, entry] };
  }
  return next;
}

/** Spec §4: the tag filter sets the AND flag when more than one tag is selected (active). */
function andFlag(f: Filters): boolean {
  return f.keywordTags.filter((t) => t.active).length > 1;
}

function setValue(f: Filters, name: ValueFilterName, value: unknown): Filters {
  switch (name) {
    case 'useWholeMarket':
      return { ...f, useWholeMarket: { value: value === true, active: f.useWholeMarket.active } };
    case 'date': {
      const date = typeof value === 'string' ? value : null;
      return { ...f, date: { value: date, active: date !== null } };
    }
    case 'url': {
      const url = typeof value === 'string' ? value.trim() : '';
      const domain = url === '' ? null : urlFilterDomain(url);
      return {
        ...f,
        url: domain === null ? { value: null, active: false } : { value: { url, domain }, active: true },
      };
    }
  }
}

function toggleList<E extends FilterEntry>(list: readonly E[], value: string | undefined): E[] {
  if (value === undefined) {
    const on = !list.some((e) => e.active);
    return list.map((e) => ({ ...e, active: on }));
  }
  return list.map((e) => (e.value === value ? { ...e, active: !e.active } : e));
}

export function reduceFilters(state: FilterState, action: FilterAction): FilterResult {
  const log: FilterLog[] = [];
  let limitReached = false;
  const f = state.filters;
  let next: Filters = f;
  let loaded = state.loaded;

  switch (action.type) {
    case 'add':
      if (!isListFilter(action.filter)) {
        log.push({ level: 'error', message: notAListMessage(action.filter, 'add to') });
        break;
      }
      next = appendEntries(f, action.filter, action.entries, state.maxSelectedDomains, log);
      break;
    case 'set':
      if ('entries' in action) {
        next = appendEntries(
          { ...f, [action.filter]: [] },
          action.filter,
          action.entries,
          state.maxSelectedDomains,
          log,
        );
      } else {
        next = setValue(f, action.filter, action.value);
      }
      break;
    case 'clear': {
      const defaults = defaultFilters();
      next = action.filter === undefined ? defaults : { ...f, [action.filter]: defaults[action.filter] };
      break;
    }
    case 'remove':
      if (!isListFilter(action.filter)) {
        log.push({ level: 'error', message: notAListMessage(action.filter, 'remove from') });
        break;
      }
      if ((f[action.filter] as readonly FilterEntry[]).some((e) => e.value === action.value)) {
        const kept = (f[action.filter] as readonly FilterEntry[]).filter((e) => e.value !== action.value);
        next = { ...f, [action.filter]: kept };
      }
      break;
    case 'toggleActive':
      if (isListFilter(action.filter)) {
        const list = f[action.filter] as readonly FilterEntry[];
        if (action.value === undefined || list.some((e) => e.value === action.value)) {
          next = { ...f, [action.filter]: toggleList(list, action.value) };
        }
      } else {
        const v = f[action.filter];
        next = { ...f, [action.filter]: { ...v, active: !v.active } };
      }
      break;
    case 'toggleDomainVisibility': {
      const d = f.domains.find((e) => e.value === action.value);
      if (d === undefined) break;
      const limit = state.maxSelectedDomains;
      if (!d.selected && limit !== null && f.domains.filter((e) => e.selected).length >= limit) {
        limitReached = true;
        break;
      }
      next = {
        ...f,
        domains: f.domains.map((e) =>
          e.value !== action.value
            ? e
            : e.selected
              ? { ...e, selected: false }
              : { ...e, selected: true, active: true },
        ),
      };
      break;
    }
    case 'addDomainGroup':
      next = appendEntries(f, 'domainGroups', [action.group], state.maxSelectedDomains, log);
      break;
    case 'removeDomainGroup':
      if (f.domainGroups.some((g) => g.value === action.value)) {
        next = { ...f, domainGroups: f.domainGroups.filter((g) => g.value !== action.value) };
      }
      break;
    case 'renameDomainGroup': {
      // Spec §4: rename removes the group and adds it again (so it moves to the end), keeping id and colour.
      const g = f.domainGroups.find((e) => e.value === action.value);
      if (g === undefined) break;
      const without = { ...f, domainGroups: f.domainGroups.filter((e) => e.value !== action.value) };
      next = appendEntries(without, 'domainGroups', [{ ...g, label: action.label }], null, log);
      break;
    }
    case 'loaded':
      loaded = true;
      break;
  }

  const changed = next !== f || loaded !== state.loaded;
  if (!changed) return { state, log, limitReached };
  return {
    state: {
      ...state,
      filters: next,
      isAndFilter: next.keywordTags === f.keywordTags ? state.isAndFilter : andFlag(next),
      loaded,
      timestamp: action.now,
    },
    log,
    limitReached,
  };
}
