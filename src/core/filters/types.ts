// The filter state of spec §3: the campaign/explorer filters, each list-valued (entries with value, label,
// colour and active flag) or single-valued, plus the AND flag of the tag filter, the timestamp of the last
// change (ms since epoch, passed in) and the loaded flag. Used by the web's filter store and the query builders.

export interface FilterEntry {
  value: string;
  label: string;
  /** Series colour; null for filters that are not drawn (tags, groups, keywords, result types). */
  color: string | null;
  active: boolean;
}

/** A tracked domain: a registrable domain, host or host with path prefix (DESIGN §3, Host match). */
export interface DomainEntry extends FilterEntry {
  color: string;
  /** In the comparison (at most 20 in a preview build); active domains are selected and active. */
  selected: boolean;
}

/** A domain group: value is its id; members are the domain values it unites. */
export interface DomainGroupEntry extends FilterEntry {
  color: string;
  members: string[];
}

/** The URL filter: the URL and its domain, the host part without scheme (`www.example.com`). */
export interface UrlFilterValue {
  url: string;
  domain: string;
}

export interface ValueFilter<T> {
  value: T;
  active: boolean;
}

export interface Filters {
  domains: DomainEntry[];
  keywordTags: FilterEntry[];
  keywordGroup: FilterEntry[];
  domainGroups: DomainGroupEntry[];
  useWholeMarket: ValueFilter<boolean>;
  resultTypes: FilterEntry[];
  url: ValueFilter<UrlFilterValue | null>;
  keywords: FilterEntry[];
  /** A point date chosen in a chart (`YYYY-MM-DD`); the range end applies when inactive. */
  date: ValueFilter<string | null>;
}

export type FilterName = keyof Filters;

export const LIST_FILTERS = [
  'domains',
  'keywordTags',
  'keywordGroup',
  'domainGroups',
  'resultTypes',
  'keywords',
] as const satisfies readonly FilterName[];

export type ListFilterName = (typeof LIST_FILTERS)[number];
export type ValueFilterName = Exclude<FilterName, ListFilterName>;

export function isListFilter(name: FilterName): name is ListFilterName {
  return (LIST_FILTERS as readonly string[]).includes(name);
}

export interface FilterState {
  filters: Filters;
  /** Tags combine with AND (a keyword needs every tag) instead of OR; set when more than one tag is active. */
  isAndFilter: boolean;
  /** Time of the last change, ms since epoch; a ranking table reloads when it moves. */
  timestamp: number;
  /** True once the campaign's saved filters are in; tables load only then. */
  loaded: boolean;
  /** Most selected domains allowed: 20 in a preview build, null (no limit) otherwise. */
  maxSelectedDomains: number | null;
}

/** Spec §9: a preview build allows at most 20 selected domains. */
export const PREVIEW_MAX_SELECTED_DOMAINS = 20;

export function defaultFilters(): Filters {
  return {
    domains: [],
    keywordTags: [],
    keywordGroup: [],
    domainGroups: [],
    useWholeMarket: { value: false, active: true },
    resultTypes: [],
    url: { value: null, active: false },
    keywords: [],
    date: { value: null, active: false },
  };
}

export function createFilterState(opts: { now: number; previewBuild?: boolean }): FilterState {
  return {
    filters: defaultFilters(),
    isAndFilter: false,
    timestamp: opts.now,
    loaded: false,
    maxSelectedDomains: opts.previewBuild === true ? PREVIEW_MAX_SELECTED_DOMAINS : null,
  };
}
