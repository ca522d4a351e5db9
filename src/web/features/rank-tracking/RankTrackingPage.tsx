// The Rank Tracking screen (/{campaignId}/rankings/rank-tracking, issue 29 items 1–3): one row per campaign
// keyword with each tracked domain's position, change since the start and the previous snapshot, best
// position, ranking URL and a sparkline of its history, filtered, sorted and paged by the server
// (RT_PAGE_SIZE rows a page, rendered virtually by DataTable); a keyword opens its drawer, and the
// Cannibalisation view lists every conflict per domain; the Alerts view holds the campaign's alert rules
// and the alerts they fired. Loading, empty and error states for each part.
import { useMemo, useState } from 'react';
import { Badge, Card, Group, Pagination, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import type { RtRowDto, RtTableResponse } from '@contracts/rank-tracking';
import { RESULT_TYPE_LABELS } from '@core/result-types';
import {
  RT_PAGE_SIZE,
  rtExportHref,
  rtQueryString,
  rtSelectionFromSearch,
  useRtTable,
  type RtSelection,
} from '../../api/use-rank-tracking';
import { useFormat, useRoute } from '../../app/route-context';
import { ExportButtons } from '../../components/ExportButtons';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { RankingsQueryView } from '../../components/RankingsViews';
import { EmptyView } from '../../components/StateViews';
import { Sparkline } from '../campaign-visibility/tables/ranking-shared';
import { AlertsView } from './AlertsView';
import { ConflictsView } from './ConflictsView';
import { KeywordDrawer } from './KeywordDrawer';
import { ChangeText, PositionText, UrlText } from './rt-cells';
import { RtFilterBar } from './RtFilterBar';

type Row = RtRowDto;
type View = 'keywords' | 'conflicts' | 'alerts';
const viewOf = (v: string | null): View => (v === 'conflicts' || v === 'alerts' ? v : 'keywords');

function useColumns(data: RtTableResponse | undefined, open: (row: Row) => void): ColumnDef<Row>[] {
  const f = useFormat();
  return useMemo(() => {
    if (data === undefined) return [];
    const focus = data.focus;
    const cols: ColumnDef<Row>[] = [
      {
        id: 'keyword',
        header: 'Keyword',
        accessorFn: (r) => r.keyword,
        enableSorting: false,
        cell: (c) => {
          const r = c.row.original;
          const conflicted = r.cells.some((x) => x.conflicts.length > 0);
          return (
            <Group gap={6} wrap="nowrap" miw={170}>
              <UnstyledButton
                onClick={() => open(r)}
                aria-label={`Open ${r.keyword}`}
                style={{ textDecoration: 'underline', overflowWrap: 'anywhere' }}
              >
                {r.keyword}
              </UnstyledButton>
              {conflicted && (
                <Badge
                  size="xs"
                  color="orange"
                  variant="light"
                  title="Two URLs rank, or the ranking URL flipped"
                >
                  cannibalised
                </Badge>
              )}
            </Group>
          );
        },
      },
      {
        id: 'volume',
        header: 'Volume',
        accessorFn: (r) => r.volume,
        enableSorting: false,
        meta: { numeric: true, width: 80 },
        cell: (c) => (c.row.original.volume === null ? '–' : f.integer(c.row.original.volume)),
      },
      {
        id: 'tags',
        header: 'Tags · group',
        accessorFn: (r) => r.tags.join(', '),
        enableSorting: false,
        cell: (c) => (
          <Text size="xs" c="dimmed">
            {[...c.row.original.tags, ...c.row.original.groups.map((g) => `[${g}]`)].join(', ') || '–'}
          </Text>
        ),
      },
      {
        id: 'features',
        header: 'SERP features',
        accessorFn: (r) => r.features.join(', '),
        enableSorting: false,
        cell: (c) => {
          const owned = new Set(c.row.original.cells[focus]?.ownedFeatures ?? []);
          const shown = c.row.original.features.filter((t) => t !== 'organic' && t !== 'brand');
          return shown.length === 0 ? (
            '–'
          ) : (
            <Group gap={2}>
              {shown.map((t) => (
                <Badge
                  key={t}
                  size="xs"
                  variant={owned.has(t) ? 'filled' : 'outline'}
                  title={owned.has(t) ? 'owned' : 'present'}
                >
                  {RESULT_TYPE_LABELS[t]}
                </Badge>
              ))}
            </Group>
          );
        },
      },
    ];
    data.targets.forEach((t, i) => {
      cols.push({
        id: `t${i}`,
        header: t.label,
        enableSorting: false,
        accessorFn: (r) => r.cells[i]?.position ?? null,
        cell: (c) => {
          const cell = c.row.original.cells[i]!;
          return (
            <Stack gap={0} miw={i === focus ? 180 : 90}>
              <Group gap={6} wrap="nowrap">
                <PositionText value={cell.position} />
                <ChangeText value={cell.change} />
                <Sparkline values={cell.history} invert />
              </Group>
              {i === focus && (
                <>
                  <Text size="xs" c="dimmed">
                    best {cell.best ?? '–'}
                    {cell.bestDate && ` (${cell.bestDate})`} · prev <ChangeText value={cell.previousChange} />
                  </Text>
                  <UrlText url={cell.url} changed={cell.urlChanged} />
                </>
              )}
            </Stack>
          );
        },
      });
    });
    return cols;
  }, [data, f, open]);
}

function RankTable({ campaign }: { campaign: number }) {
  // The address holds the selection and the view, so a copied link opens the same table; ?view=alerts opens
  // the Alerts view (the notification list links there). Read once; every choice is written back.
  const [search, setSearch] = useSearchParams();
  const [selection, setSelection] = useState<RtSelection>(() => rtSelectionFromSearch(search));
  const [view, setView] = useState<View>(() => viewOf(search.get('view')));
  const [page, setPage] = useState(1);
  const remember = (s: RtSelection, v: View) => {
    const p = new URLSearchParams(rtQueryString(s));
    if (v !== 'keywords') p.set('view', v);
    setSearch(p, { replace: true });
  };
  const [open, setOpen] = useState<Row | null>(null);
  const result = useRtTable(campaign, selection, page);
  const data = result.data;
  const columns = useColumns(data, setOpen);
  const f = useFormat();
  const choose = (next: RtSelection) => {
    setSelection(next);
    setPage(1);
    remember(next, view);
  };
  const body = (
    <RankingsQueryView result={result} columns={6} errorTitle="The rank table could not be loaded">
      {(answer) =>
        answer.total === 0 ? (
          <EmptyView title="No keywords match">Loosen the filters or compare other dates.</EmptyView>
        ) : (
          <>
            <DataTable
              title={`Keywords (${answer.positionKind} positions)`}
              data={answer.rows}
              columns={columns}
              getRowId={(r) => String(r.keywordId)}
            />
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {f.integer(answer.total)} keywords · {answer.dates.start} → {answer.dates.end}
                {answer.dates.previous && ` (previous ${answer.dates.previous})`} · a change is the places
                moved up
              </Text>
              <Pagination
                size="sm"
                value={page}
                onChange={setPage}
                total={Math.max(1, Math.ceil(answer.total / RT_PAGE_SIZE))}
              />
            </Group>
          </>
        )
      }
    </RankingsQueryView>
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Rank Tracking"
        description="Every keyword of the campaign with your domain’s and your competitors’ positions over time."
        actions={<ExportButtons href={(format) => rtExportHref(campaign, selection, format)} />}
      />
      <Card withBorder padding="sm">
        <RtFilterBar data={data} value={selection} onChange={choose} />
      </Card>
      <SegmentedControl
        aria-label="View"
        data={[
          { value: 'keywords', label: 'Keywords' },
          { value: 'conflicts', label: 'Cannibalisation' },
          { value: 'alerts', label: 'Alerts' },
        ]}
        value={view}
        onChange={(v) => {
          setView(viewOf(v));
          remember(selection, viewOf(v));
        }}
        style={{ alignSelf: 'flex-start' }}
      />
      <Card withBorder padding="sm">
        {view === 'keywords' ? (
          body
        ) : view === 'conflicts' ? (
          <ConflictsView campaign={campaign} selection={selection} onOpen={setOpen} />
        ) : (
          <AlertsView campaign={campaign} data={data} />
        )}
      </Card>
      <KeywordDrawer
        campaign={campaign}
        keyword={open === null ? null : { id: open.keywordId, text: open.keyword }}
        selection={selection}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

export function RankTrackingPage() {
  const { params } = useRoute();
  const campaign = Number(params.campaignId);
  if (!Number.isInteger(campaign) || campaign <= 0) {
    return (
      <EmptyView title="Campaign not found">
        “{params.campaignId ?? ''}” is not a campaign id. Pick a campaign from the campaigns list.
      </EmptyView>
    );
  }
  return <RankTable key={campaign} campaign={campaign} />;
}
