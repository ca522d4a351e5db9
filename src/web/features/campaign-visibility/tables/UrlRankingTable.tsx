// The URL ranking table (spec §7 ranking/urls): the URLs of the first active domain (spec §5: a ranking query
// uses at most one domain) with their keywords, visibility score, changes, best position and search volume,
// sorted and paged on the server, a visibility trend from weekly_data, and a CSV download.
import { useMemo } from 'react';
import { Anchor, Table } from '@mantine/core';
import { cvCsvHref, useCvUrlRanking } from '../../../api/use-campaign-visibility';
import { useFormat } from '../../../app/route-context';
import { deltaColour, formatDelta, RankingTableShell, SortHeader, Sparkline } from './ranking-shared';
import { useRankingTable } from './use-ranking-table';
import type { SortState } from './ranking-shared';

const DEFAULT_SORT: SortState = {
  field: { field: 'visibilityScore', domainIndex: null, display: null },
  direction: 'desc',
};

const f = (field: string) => ({ field, domainIndex: null, display: null });

export function UrlRankingTable() {
  const format = useFormat();
  const {
    params,
    result: r,
    sort,
    onSort,
    display,
    setDisplay,
    page,
    setPage,
  } = useRankingTable(DEFAULT_SORT, useCvUrlRanking);
  const data = r.data;
  const weekly = useMemo(
    () => new Map((data?.weekly_data?.series ?? []).map((s) => [s.key, s.values])),
    [data],
  );
  const head = (
    <Table.Tr>
      <SortHeader label="URL" id={f('url')} sort={sort} onSort={onSort} />
      <SortHeader label="Keywords" id={f('keywords')} sort={sort} onSort={onSort} numeric />
      <SortHeader label="Change" id={f('keywordsDeltas')} sort={sort} onSort={onSort} numeric />
      <SortHeader label="Visibility score" id={f('visibilityScore')} sort={sort} onSort={onSort} numeric />
      <SortHeader label="Change" id={f('visibilityScoreDeltas')} sort={sort} onSort={onSort} numeric />
      <SortHeader label="Best position" id={f('bestPosition')} sort={sort} onSort={onSort} numeric />
      <SortHeader label="Search volume" id={f('searchVolume')} sort={sort} onSort={onSort} numeric />
      <Table.Th>Trend</Table.Th>
    </Table.Tr>
  );
  const rows = data?.items.map((u) => (
    <Table.Tr key={u.url}>
      <Table.Td maw={420} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        <Anchor href={u.url} target="_blank" rel="noreferrer" size="sm" title={u.url}>
          {u.url}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">{format.integer(u.keywords)}</Table.Td>
      <Table.Td ta="right" c={deltaColour(u.keywordsDeltas)}>
        {formatDelta(u.keywordsDeltas, display, format)}
      </Table.Td>
      <Table.Td ta="right">{format.number(u.visibilityScore, { maximumFractionDigits: 1 })}</Table.Td>
      <Table.Td ta="right" c={deltaColour(u.visibilityScoreDeltas)}>
        {formatDelta(u.visibilityScoreDeltas, display, format)}
      </Table.Td>
      <Table.Td ta="right">{u.bestPosition ?? '–'}</Table.Td>
      <Table.Td ta="right">{format.integer(u.searchVolume)}</Table.Td>
      <Table.Td>
        <Sparkline values={weekly.get(u.url) ?? []} />
      </Table.Td>
    </Table.Tr>
  ));
  return (
    <RankingTableShell
      id="ranking-urls"
      title={data ? `Ranking URLs · ${data.domain.label}` : 'Ranking URLs'}
      result={r}
      total={data?.total ?? 0}
      page={page}
      onPage={setPage}
      display={display}
      onDisplay={setDisplay}
      csvHref={cvCsvHref('urls', params)}
      head={head}
      rows={rows}
      columns={8}
    />
  );
}
