// Keyword-to-Page (spec §2 'searchanalytics', issue 30 item 3): each query with the pages that got its
// impressions and clicks; a query whose clicks went to more than one page is flagged as split
// (cannibalisation), with each page's share of the query's clicks, and the rank tracker's position beside
// Search Console's average when a campaign tracks the query.
import { useMemo, useState } from 'react';
import { Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { GscKeywordPagesResponse } from '@contracts/search-console';
import {
  GSC_PAGE_SIZE,
  gscCsvHref,
  useGscKeywordPages,
  type GscSelection,
} from '../../api/use-search-console';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { metricColumns } from './gsc-columns';
import { GscCard, GscScreen, SourceNote } from './GscScreen';

type Row = GscKeywordPagesResponse['rows'][number];

function Queries({ selection }: { selection: GscSelection }) {
  const f = useFormat();
  const [page, setPage] = useState(1);
  const result = useGscKeywordPages(selection, page);
  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      {
        id: 'query',
        header: 'Query',
        accessorFn: (r) => r.query,
        cell: (c) => (
          <Group gap={6} wrap="nowrap">
            {/* Words break only when longer than the column, which stays wide enough to read at 390 px. */}
            <span style={{ overflowWrap: 'break-word', minWidth: 120 }}>{c.row.original.query}</span>
            {c.row.original.split && (
              <Badge size="xs" color="orange" variant="light" style={{ flexShrink: 0 }}>
                split
              </Badge>
            )}
          </Group>
        ),
      },
      ...metricColumns<Row>(f),
      {
        // The rank tracker's position beside Search Console's average, when a campaign tracks the query.
        id: 'trackedPosition',
        header: 'Tracked position',
        accessorFn: (r) => r.trackedPosition,
        cell: (c) => f.number(c.getValue<number | null>()),
        meta: { numeric: true },
      },
      {
        id: 'pages',
        header: 'Pages (share of clicks)',
        accessorFn: (r) => r.pages.length,
        cell: (c) => (
          <Stack gap={2}>
            {c.row.original.pages.slice(0, 5).map((p) => (
              <Text key={p.page} size="xs" style={{ overflowWrap: 'anywhere' }}>
                {p.page.replace(/^https?:\/\//u, '')} · {f.integer(p.clicks)} clicks
                {p.clickShare !== null && ` (${f.percent(p.clickShare * 100, 0)})`}
              </Text>
            ))}
            {c.row.original.pages.length > 5 && (
              <Text size="xs" c="dimmed">
                and {c.row.original.pages.length - 5} more (CSV)
              </Text>
            )}
          </Stack>
        ),
      },
    ],
    [f],
  );
  const body = result.isPending ? (
    <TableSkeleton />
  ) : result.isError ? (
    <ErrorView
      title="The queries could not be loaded"
      error={result.error}
      onRetry={() => void result.refetch()}
    />
  ) : result.data.total === 0 ? (
    <EmptyView title="No queries match">Widen the period or loosen the filters.</EmptyView>
  ) : (
    <>
      <DataTable
        title="Queries and their pages"
        data={result.data.rows}
        columns={columns}
        getRowId={(r) => r.query}
      />
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">
          {f.integer(result.data.total)} queries;{' '}
          {result.data.source.dimensions.includes('page')
            ? 'split: more than one page got clicks.'
            : 'this import has no query × page rows, so pages are not listed.'}
        </Text>
        <Pagination
          size="sm"
          value={page}
          onChange={setPage}
          total={Math.max(1, Math.ceil(result.data.total / GSC_PAGE_SIZE))}
        />
      </Group>
      <SourceNote source={result.data.source} />
    </>
  );
  return (
    <GscCard title="Queries" csvHref={gscCsvHref('keyword-pages', selection)}>
      {body}
    </GscCard>
  );
}

export function KeywordToPagePage() {
  return (
    <GscScreen
      title="Keyword-to-Page"
      description="For each query, the pages that get its impressions and clicks; queries split between pages are flagged."
    >
      {(s) => <Queries key={s.site} selection={s} />}
    </GscScreen>
  );
}
