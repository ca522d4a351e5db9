// Server-side filters, sort and paging of the rank-tracking table (issue 29 item 1). Filters on positions,
// movement, features and conflicts read one tracked target's cells (the focus: the own domain unless the
// request names another). Sorting puts rows without a value last whichever the direction; ties go by
// keyword text, then id, so pages are stable.
import type { ResultType } from '../result-types';
import type { RtCell, RtRow } from './rows';

export interface RtFilter {
  tags: readonly string[];
  tagsMatch: 'any' | 'all';
  groups: readonly string[];
  /** Lower-case substring of the keyword text; '' for none. */
  text: string;
  /** Inclusive bounds on the focus position at the end date; null for none. */
  minPosition: number | null;
  maxPosition: number | null;
  /** Moved up (or down) by at least `moveBy` positions between start and end. */
  movers: 'up' | 'down' | null;
  moveBy: number;
  /** 'new': ranks at the end, not at the start; 'lost': the reverse. */
  status: 'new' | 'lost' | null;
  /** A result type present on the end page; `featureOwned`: one the focus target holds there. */
  feature: ResultType | null;
  featureOwned: boolean;
  cannibalised: boolean;
}

export type RtSortField = 'keyword' | 'volume' | 'position' | 'change' | 'previousChange' | 'best';

export interface RtSort {
  field: RtSortField;
  direction: 'asc' | 'desc';
}

export const NO_FILTER: RtFilter = {
  tags: [],
  tagsMatch: 'any',
  groups: [],
  text: '',
  minPosition: null,
  maxPosition: null,
  movers: null,
  moveBy: 1,
  status: null,
  feature: null,
  featureOwned: false,
  cannibalised: false,
};

/** True when the row passes every filter, reading the focus target's cell. */
export function passes(row: RtRow, focus: number, f: RtFilter): boolean {
  const k = row.keyword;
  if (f.tags.length > 0) {
    const has = (t: string) => k.tags.includes(t);
    if (f.tagsMatch === 'all' ? !f.tags.every(has) : !f.tags.some(has)) return false;
  }
  if (f.groups.length > 0 && !f.groups.some((g) => k.groups.includes(g))) return false;
  if (f.text !== '' && !k.text.includes(f.text)) return false;
  const c = row.cells[focus];
  if (c === undefined) return false;
  if (f.minPosition !== null || f.maxPosition !== null) {
    if (c.position === null) return false;
    if (f.minPosition !== null && c.position < f.minPosition) return false;
    if (f.maxPosition !== null && c.position > f.maxPosition) return false;
  }
  if (f.movers === 'up' && !(c.change !== null && c.change >= f.moveBy)) return false;
  if (f.movers === 'down' && !(c.change !== null && c.change <= -f.moveBy)) return false;
  if (f.status === 'new' && !(c.position !== null && c.startPosition === null)) return false;
  if (f.status === 'lost' && !(c.position === null && c.startPosition !== null)) return false;
  if (f.feature !== null) {
    const types = f.featureOwned ? c.ownedFeatures : row.features;
    if (!types.includes(f.feature)) return false;
  }
  if (f.cannibalised && c.conflicts.length === 0) return false;
  return true;
}

function value(row: RtRow, c: RtCell | undefined, field: RtSortField): number | string | null {
  switch (field) {
    case 'keyword':
      return row.keyword.text;
    case 'volume':
      return row.keyword.sv;
    case 'position':
      return c?.position ?? null;
    case 'change':
      return c?.change ?? null;
    case 'previousChange':
      return c?.previousChange ?? null;
    case 'best':
      return c?.best ?? null;
  }
}

/** Sorts rows (a new array) by the focus target's field; nulls last, ties by keyword text then id. */
export function sortRows(rows: readonly RtRow[], focus: number, sort: RtSort): RtRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((r) => ({ r, v: value(r, r.cells[focus], sort.field) }));
  keyed.sort((a, b) => {
    if (a.v !== b.v) {
      if (a.v === null) return 1;
      if (b.v === null) return -1;
      return (a.v < b.v ? -1 : 1) * sign;
    }
    const ta = a.r.keyword.text;
    const tb = b.r.keyword.text;
    if (ta !== tb) return ta < tb ? -1 : 1;
    return a.r.keyword.id - b.r.keyword.id;
  });
  return keyed.map((x) => x.r);
}

/** Filters, sorts and cuts one page (1-based) of rows. */
export function tablePage(
  rows: readonly RtRow[],
  focus: number,
  filter: RtFilter,
  sort: RtSort,
  page: number,
  pageSize: number,
): { total: number; rows: RtRow[] } {
  const kept = sortRows(
    rows.filter((r) => passes(r, focus, filter)),
    focus,
    sort,
  );
  return { total: kept.length, rows: kept.slice((page - 1) * pageSize, page * pageSize) };
}
