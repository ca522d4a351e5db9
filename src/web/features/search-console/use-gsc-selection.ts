// The filter bar's state of the Search Console screens: the site (the address's `?site=`, else the first
// imported), the current period (default: the last 90 days of the site's dated rows) and the previous period
// compared (the same number of days just before), the text filters and the device. Applied on submit.
import { useEffect, useMemo, useState } from 'react';
import { addDays } from '@core/date-range';
import { precedingRange } from '@core/search-console/periods';
import type { GscSelection } from '../../api/use-search-console';
import { useGscSites } from '../../api/use-search-console';

/** Days of the default current period. */
const DEFAULT_DAYS = 90;

const EMPTY: GscSelection = {
  site: '',
  startDate: '',
  endDate: '',
  compare: false,
  compareStartDate: '',
  compareEndDate: '',
  queryFilter: '',
  pageFilter: '',
  device: '',
};

/** The selection with its previous period filled from the current one when comparing. */
export function withComparison(s: GscSelection): GscSelection {
  if (!s.compare || !s.startDate || !s.endDate || s.startDate > s.endDate) return s;
  const p = precedingRange({ start: s.startDate, end: s.endDate });
  return { ...s, compareStartDate: p.start, compareEndDate: p.end };
}

export function useGscSelection() {
  const sites = useGscSites();
  const [applied, setApplied] = useState<GscSelection>(EMPTY);
  const list = useMemo(() => sites.data?.items ?? [], [sites.data]);

  const defaultsFor = (site: string): GscSelection => {
    const item = list.find((x) => x.site === site);
    const dated = item?.tables.filter((t) => t.lastDate !== null) ?? [];
    const last =
      dated
        .map((t) => t.lastDate!)
        .sort()
        .at(-1) ?? '';
    const first = dated.map((t) => t.firstDate!).sort()[0] ?? '';
    const start = last === '' ? '' : addDays(last, -(DEFAULT_DAYS - 1));
    return { ...EMPTY, site, startDate: start < first ? first : start, endDate: last };
  };

  useEffect(() => {
    if (applied.site !== '' || list.length === 0) return;
    const wanted = new URLSearchParams(window.location.search).get('site');
    const site = list.some((x) => x.site === wanted) ? wanted! : list[0]!.site;
    setApplied(defaultsFor(site));
    // defaultsFor reads `list` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, applied.site]);

  return {
    sites,
    list,
    selection: applied,
    apply: (s: GscSelection) => setApplied(withComparison(s)),
    defaultsFor,
  };
}
