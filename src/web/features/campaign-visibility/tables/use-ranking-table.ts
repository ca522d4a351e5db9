// The state both ranking tables keep: sort (back to page 1 on a new sort), delta display and page, and the
// spec §7 request they make of the filters in the store, read through the table's own endpoint hook.
import { useMemo, useState } from 'react';
import type { Params } from '@core/resource-cache';
import type { UseResource } from '../../../api/resource-cache';
import { useFilterStore } from '../../../state/filter-store';
import { useCv } from '../cv-context';
import { rankingParams } from './ranking-shared';
import type { DeltaDisplay, SortState } from './ranking-shared';

export function useRankingTable<T>(defaultSort: SortState, read: (p: Params | null) => UseResource<T>) {
  const { campaign } = useCv();
  const state = useFilterStore();
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [display, setDisplay] = useState<DeltaDisplay>('delta');
  const [page, setPage] = useState(1);
  const params = useMemo(
    () => rankingParams(state, campaign, sort, display, page),
    [state, campaign, sort, display, page],
  );
  const result = read(params);
  const onSort = (s: SortState) => {
    setSort(s);
    setPage(1);
  };
  return { params, result, sort, onSort, display, setDisplay, page, setPage };
}
