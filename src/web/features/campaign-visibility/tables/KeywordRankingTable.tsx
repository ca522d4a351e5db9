// The keyword ranking table (spec §7 ranking/keywords): one row per keyword with a column group per target
// (position, its change, URL, visibility score and its change), sorted on the server by any field including
// the grouped ones (`position|1`, `visibilityScoreDeltas|0.delta`), paged, with a position trend from
// weekly_data and a CSV download with the same filters and sort.
import { Fragment, useMemo } from 'react';
import { Anchor, Table, Text } from '@mantine/core';
import { useCvKeywordRanking, cvCsvHref } from '../../../api/use-campaign-visibility';
import { useFormat } from '../../../app/route-context';
import { PlacesMoved, placesUp } from '../../../components/PlacesMoved';
import { deltaColour, formatDelta, RankingTableShell, SortHeader, Sparkline } from './ranking-shared';
import { useRankingTable } from './use-ranking-table';
import type { SortState } from './ranking-shared';

const DEFAULT_SORT: SortState = {
  field: { field: 'searchVolume', domainIndex: null, display: null },
  direction: 'desc',
};

export function KeywordRankingTable() {
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
  } = useRankingTable(DEFAULT_SORT, useCvKeywordRanking);
  const data = r.data;
  const targets = data?.domains ?? [];
  const weekly = useMemo(() => {
    const m = new Map<string, (number | null)[]>();
    for (const s of data?.weekly_data?.series ?? []) m.set(`${s.key} ${s.field}`, s.values);
    return m;
  }, [data]);
  const g = (field: string, i: number) => ({ field, domainIndex: i, display: null });
  const columns = 3 + targets.length * 4;

  const head = (
    <>
      <Table.Tr>
        <Table.Th colSpan={3} />
        {targets.map((t) => (
          <Table.Th
            key={t.key}
            colSpan={4}
            ta="center"
            style={{ borderBottom: `3px solid ${t.color ?? '#868e96'}` }}
          >
            {t.label}
          </Table.Th>
        ))}
      </Table.Tr>
      <Table.Tr>
        <SortHeader
          label="Keyword"
          id={{ field: 'keyword', domainIndex: null, display: null }}
          sort={sort}
          onSort={onSort}
        />
        <SortHeader
          label="Search volume"
          id={{ field: 'searchVolume', domainIndex: null, display: null }}
          sort={sort}
          onSort={onSort}
          numeric
        />
        <Table.Th>Trend</Table.Th>
        {targets.map((t, i) => (
          <Fragment key={t.key}>
            <SortHeader label="Position" id={g('position', i)} sort={sort} onSort={onSort} numeric />
            <SortHeader label="Change" id={g('positionDeltas', i)} sort={sort} onSort={onSort} numeric />
            <SortHeader
              label="Visibility score"
              id={g('visibilityScore', i)}
              sort={sort}
              onSort={onSort}
              numeric
            />
            <SortHeader
              label="Change"
              id={g('visibilityScoreDeltas', i)}
              sort={sort}
              onSort={onSort}
              numeric
            />
          </Fragment>
        ))}
      </Table.Tr>
    </>
  );
  const rows = data?.items.map((k) => (
    <Table.Tr key={k.keywordId}>
      <Table.Td miw={220}>
        <Text size="sm" fw={500}>
          {k.keyword}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{format.integer(k.searchVolume)}</Table.Td>
      <Table.Td>
        <Sparkline values={weekly.get(`${k.keywordId} position|0`) ?? []} invert />
      </Table.Td>
      {k.domains.map((d, i) => (
        <Fragment key={i}>
          <Table.Td ta="right">
            {d.url ? (
              <Anchor href={d.url} target="_blank" rel="noreferrer" size="sm" title={d.url}>
                {d.position ?? '–'}
              </Anchor>
            ) : (
              (d.position ?? '–')
            )}
          </Table.Td>
          <Table.Td ta="right">
            <PlacesMoved
              up={placesUp(d.positionDeltas)}
              format={format}
              percent={display === 'delta' ? undefined : (d.positionDeltas?.percentageDelta ?? null)}
            />
          </Table.Td>
          <Table.Td ta="right">{format.number(d.visibilityScore, { maximumFractionDigits: 1 })}</Table.Td>
          <Table.Td ta="right" c={deltaColour(d.visibilityScoreDeltas)}>
            {formatDelta(d.visibilityScoreDeltas, display, format)}
          </Table.Td>
        </Fragment>
      ))}
    </Table.Tr>
  ));
  return (
    <RankingTableShell
      id="ranking-keywords"
      title="Keyword rankings"
      result={r}
      total={data?.total ?? 0}
      page={page}
      onPage={setPage}
      display={display}
      onDisplay={setDisplay}
      csvHref={cvCsvHref('keywords', params)}
      head={head}
      rows={rows}
      columns={columns}
    />
  );
}
