// Page-to-Keyword (spec §2 'searchpages', issue 30 item 4): each page with its top queries; pages losing
// clicks against the period before (decay); and striking-distance queries (average position 8–20) ranked by
// the clicks a position-3 ranking would add under the default CTR curve.
import { useMemo, useState } from 'react';
import { Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { GscPageKeywordsResponse, GscStrikingResponse } from '@contracts/search-console';
import {
  GSC_PAGE_SIZE,
  gscCsvHref,
  useGscPageKeywords,
  useGscStriking,
  type GscSelection,
} from '../../api/use-search-console';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { metricColumns } from './gsc-columns';
import { GscCard, GscScreen, SourceNote } from './GscScreen';

type PageRow = GscPageKeywordsResponse['rows'][number];
type StrikingRow = GscStrikingResponse['rows'][number];
type View = 'pages' | 'decaying' | 'striking';

function Pages({ selection, view }: { selection: GscSelection; view: 'pages' | 'decaying' }) {
  const f = useFormat();
  const [page, setPage] = useState(1);
  const result = useGscPageKeywords(selection, view, page);
  const columns = useMemo<ColumnDef<PageRow>[]>(
    () => [
      {
        id: 'page',
        header: 'Page',
        accessorFn: (r) => r.page,
        cell: (c) => <span style={{ overflowWrap: 'anywhere' }}>{c.getValue<string>()}</span>,
      },
      ...metricColumns<PageRow>(f, view === 'decaying' || selection.compare ? (r) => r.previous : undefined),
      {
        id: 'queries',
        header: 'Top queries',
        accessorFn: (r) => r.queries.length,
        cell: (c) => (
          <Stack gap={2}>
            {c.row.original.queries.map((q) => (
              <Text key={q.query} size="xs" style={{ overflowWrap: 'anywhere' }}>
                {q.query} · {f.integer(q.clicks)}
              </Text>
            ))}
          </Stack>
        ),
      },
    ],
    [f, view, selection.compare],
  );
  if (result.isPending) return <TableSkeleton />;
  if (result.isError)
    return (
      <ErrorView
        title="The pages could not be loaded"
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  const d = result.data;
  return (
    <GscCard
      title={view === 'decaying' ? 'Pages losing clicks' : 'Pages'}
      csvHref={gscCsvHref('page-keywords', selection, { view })}
    >
      {d.rows.length === 0 ? (
        <EmptyView title={view === 'decaying' ? 'No page lost clicks' : 'No pages match'}>
          {view === 'decaying'
            ? 'Against the period of the same length before, no page has fewer clicks. Try another period.'
            : 'Widen the period or loosen the filters.'}
        </EmptyView>
      ) : (
        <>
          <DataTable
            title="Pages and their queries"
            data={d.rows}
            columns={columns}
            getRowId={(r) => r.page}
          />
          <Group justify="space-between" mt="xs">
            <Text size="xs" c="dimmed">
              {f.integer(d.total)} pages
              {d.source.previous && `; compared with ${d.source.previous.start} – ${d.source.previous.end}`}
            </Text>
            <Pagination
              size="sm"
              value={page}
              onChange={setPage}
              total={Math.max(1, Math.ceil(d.total / GSC_PAGE_SIZE))}
            />
          </Group>
        </>
      )}
      <SourceNote source={d.source} />
    </GscCard>
  );
}

function Striking({ selection }: { selection: GscSelection }) {
  const f = useFormat();
  const [page, setPage] = useState(1);
  const result = useGscStriking(selection, page, null);
  const columns = useMemo<ColumnDef<StrikingRow>[]>(
    () => [
      { id: 'query', header: 'Query', accessorFn: (r) => r.query },
      ...metricColumns<StrikingRow>(f),
      {
        id: 'extraClicks',
        header: 'Clicks at position 3',
        accessorFn: (r) => r.extraClicks,
        cell: (c) => `+${f.integer(Math.round(c.getValue<number>()))}`,
        meta: { numeric: true },
      },
    ],
    [f],
  );
  if (result.isPending) return <TableSkeleton />;
  if (result.isError)
    return (
      <ErrorView
        title="The queries could not be loaded"
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  const d = result.data;
  return (
    <GscCard title="Striking distance (position 8–20)" csvHref={gscCsvHref('striking-distance', selection)}>
      {d.rows.length === 0 ? (
        <EmptyView title="No query at position 8–20">
          No query of the period averages a position between 8 and 20.
        </EmptyView>
      ) : (
        <>
          <DataTable
            title="Striking-distance queries"
            data={d.rows}
            columns={columns}
            getRowId={(r) => r.query}
          />
          <Group justify="space-between" mt="xs">
            <Text size="xs" c="dimmed">
              {f.integer(d.total)} queries, by the clicks a position-3 ranking would add under the{' '}
              {d.ctrModel} CTR model
            </Text>
            <Pagination
              size="sm"
              value={page}
              onChange={setPage}
              total={Math.max(1, Math.ceil(d.total / GSC_PAGE_SIZE))}
            />
          </Group>
        </>
      )}
      <SourceNote source={d.source} />
    </GscCard>
  );
}

export function PageToKeywordPage() {
  const [view, setView] = useState<View>('pages');
  return (
    <GscScreen
      title="Page-to-Keyword"
      description="For each page, its queries; pages losing clicks; and queries close to the top of the results."
    >
      {(s) => (
        <>
          <SegmentedControl
            mb="md"
            value={view}
            onChange={(v) => setView(v as View)}
            aria-label="View"
            data={[
              { value: 'pages', label: 'Pages' },
              { value: 'decaying', label: 'Decaying' },
              { value: 'striking', label: 'Striking distance' },
            ]}
          />
          {view === 'striking' ? (
            <Striking key={s.site} selection={s} />
          ) : (
            <Pages key={`${s.site}/${view}`} selection={s} view={view} />
          )}
        </>
      )}
    </GscScreen>
  );
}
