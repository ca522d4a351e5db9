// Which stored Search Console table answers a request (issue 30). Rows are stored per set of dimensions they
// are broken down by (`date,page,query` from the API, `query` from the web export's Queries.csv …); the sets
// overlap, so summing rows of two sets would count the same clicks twice. A request is answered from ONE
// table: the smallest stored set that holds every dimension it groups or filters by (Search Console drops
// anonymised queries from finer tables, so the coarsest table that answers has the most complete totals),
// preferring dated tables when a date range is asked for. Pure: the tables come from the store.

export const GSC_DIMENSIONS = ['date', 'query', 'page', 'country', 'device', 'searchAppearance'] as const;
export type GscDimension = (typeof GSC_DIMENSIONS)[number];

/** The column a dimension is stored in. */
export const GSC_COLUMN: Record<GscDimension, string> = {
  date: 'date',
  query: 'query',
  page: 'page',
  country: 'country',
  device: 'device',
  searchAppearance: 'search_appearance',
};

/** One stored table of a property: rows of one search type, period and dimension set. */
export interface GscTable {
  searchType: string;
  /** The period an export states (`Last 6 months`); '' for API rows, which carry dates. */
  period: string;
  /** Sorted, comma-joined dimension names as stored (`date,page,query`). */
  dimensions: string;
  rows: number;
  /** First and last date of dated tables (`YYYY-MM-DD`); null otherwise. */
  firstDate: string | null;
  lastDate: string | null;
}

export function tableDimensions(t: GscTable): GscDimension[] {
  return t.dimensions
    .split(',')
    .filter((d): d is GscDimension => (GSC_DIMENSIONS as readonly string[]).includes(d));
}

/**
 * The table that answers: of the search type, holding every needed dimension; dated ones first when
 * `wantDates` (else they compete on size), then the fewest dimensions, then the most rows, then the latest
 * period (text order) and the dimension text, so the choice is stable. Null when none holds them.
 */
export function chooseTable(
  tables: readonly GscTable[],
  searchType: string,
  needed: readonly GscDimension[],
  wantDates: boolean,
): GscTable | null {
  const candidates = tables.filter((t) => {
    if (t.searchType !== searchType) return false;
    const dims = tableDimensions(t);
    return needed.every((d) => dims.includes(d));
  });
  const dated = (t: GscTable) => (tableDimensions(t).includes('date') ? 1 : 0);
  candidates.sort(
    (a, b) =>
      (wantDates ? dated(b) - dated(a) : 0) ||
      tableDimensions(a).length - tableDimensions(b).length ||
      b.rows - a.rows ||
      b.period.localeCompare(a.period) ||
      a.dimensions.localeCompare(b.dimensions),
  );
  return candidates[0] ?? null;
}
