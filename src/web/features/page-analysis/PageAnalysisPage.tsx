// The Page Analysis screen (/{campaignId}/rankings/page-analysis, issue 29 item 4): the URLs of a tracked
// domain (default your own) between two snapshots — keywords, visibility score and its trend, best
// positions, keywords gained and lost, conflicts with other URLs of the domain — sorted and paged by the
// server (sort headers are buttons with aria-sort); a URL opens its detail (PageDetail) and a keyword there
// the rank-tracking drawer. Loading, empty and error states for each part; CSV and XLSX exports of the table.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Badge,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { PaPageRowDto, PaPagesResponse } from '@contracts/page-analysis';
import type { PageSortField } from '@core/rank-tracking/page-analysis';
import {
  PA_PAGE_SIZE,
  paPagesHref,
  paSelectionFromSearch,
  usePaPages,
  type PaSelection,
} from '../../api/use-page-analysis';
import { RT_DEFAULT_SELECTION } from '../../api/use-rank-tracking';
import { useFormat } from '../../app/route-context';
import { ExportButtons } from '../../components/ExportButtons';
import { CampaignScreen } from '../../components/CampaignScreen';
import { CtrModelBadge } from '../../components/CtrModelBadge';
import { PageHeader } from '../../components/PageHeader';
import { SnapshotRange } from '../../components/SnapshotRange';
import { PositionKindControl, RankingsQueryView } from '../../components/RankingsViews';
import { EmptyView } from '../../components/StateViews';
import { Sparkline } from '../campaign-visibility/tables/ranking-shared';
import { KeywordDrawer } from '../rank-tracking/KeywordDrawer';
import { PageDetail } from './PageDetail';

const COLUMNS: { field: PageSortField; label: string; numeric: boolean }[] = [
  { field: 'url', label: 'URL', numeric: false },
  { field: 'keywords', label: 'Keywords', numeric: true },
  { field: 'visibilityScore', label: 'Visibility score', numeric: true },
  { field: 'visibilityScoreChange', label: 'Change', numeric: true },
  { field: 'position', label: 'Position', numeric: true },
  { field: 'best', label: 'Best', numeric: true },
  { field: 'gained', label: 'Gained', numeric: true },
  { field: 'lost', label: 'Lost', numeric: true },
  { field: 'conflicts', label: 'Conflicts', numeric: true },
];

function SortTh({
  field,
  label,
  numeric,
  value,
  onSort,
}: {
  field: PageSortField;
  label: string;
  numeric: boolean;
  value: PaSelection;
  onSort: (field: PageSortField, direction: 'asc' | 'desc') => void;
}) {
  const active = value.sortField === field;
  const next = active ? (value.sortDirection === 'desc' ? 'asc' : 'desc') : field === 'url' ? 'asc' : 'desc';
  return (
    <Table.Th
      ta={numeric ? 'right' : undefined}
      aria-sort={active ? (value.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        type="button"
        fz="sm"
        fw={600}
        onClick={() => onSort(field, next)}
        data-sort-field={field}
      >
        {label}
        {active ? (value.sortDirection === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

function Filters({
  data,
  value,
  onChange,
}: {
  data: PaPagesResponse | undefined;
  value: PaSelection;
  onChange: (next: PaSelection) => void;
}) {
  const set = (patch: Partial<PaSelection>) => onChange({ ...value, ...patch });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
      <SnapshotRange
        snapshots={data?.snapshotDates ?? []}
        compared={data?.dates}
        start={value.startDate}
        end={value.endDate}
        onChange={set}
      />
      <Select
        label="Domain"
        data={(data?.targets ?? []).map((t) => ({
          value: t.key,
          label: `${t.label}${t.own ? ' (yours)' : ''}`,
        }))}
        value={value.focus ?? data?.targets[data.focus]?.key ?? null}
        onChange={(v) => set({ focus: v })}
        allowDeselect={false}
      />
      <TextInput
        label="URL contains"
        value={value.q}
        onChange={(e) => set({ q: e.currentTarget.value })}
        placeholder="/blog"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Positions
        </Text>
        <PositionKindControl
          short
          value={value.positionKind}
          onChange={(positionKind) => set({ positionKind })}
        />
      </Stack>
    </SimpleGrid>
  );
}

function UrlRow({
  r,
  selected,
  onOpen,
}: {
  r: PaPageRowDto;
  selected: boolean;
  onOpen: (url: string) => void;
}) {
  const f = useFormat();
  const change = r.visibilityScore - r.visibilityScoreStart;
  const num = (v: number) => f.number(v, { maximumFractionDigits: 1 });
  return (
    <Table.Tr bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td style={{ maxWidth: 380 }}>
        <Group gap={6} wrap="nowrap">
          <UnstyledButton
            onClick={() => onOpen(r.url)}
            aria-label={`Open ${r.url}`}
            aria-pressed={selected}
            style={{ textDecoration: 'underline', overflowWrap: 'anywhere' }}
            fz="sm"
          >
            {r.url.replace(/^https?:\/\//u, '')}
          </UnstyledButton>
          <Sparkline values={r.series} />
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        {f.integer(r.keywords)}
        <Text span size="xs" c="dimmed">
          {' '}
          / {f.integer(r.keywordsStart)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{num(r.visibilityScore)}</Table.Td>
      <Table.Td ta="right" c={change > 0 ? 'teal.8' : change < 0 ? 'red.8' : undefined}>
        {change > 0 ? '+' : ''}
        {num(change)}
      </Table.Td>
      <Table.Td ta="right">{r.position ?? '–'}</Table.Td>
      <Table.Td ta="right" title={r.bestDate ?? undefined}>
        {r.best ?? '–'}
      </Table.Td>
      <Table.Td ta="right" c={r.gained > 0 ? 'teal.8' : undefined}>
        {f.integer(r.gained)}
      </Table.Td>
      <Table.Td ta="right" c={r.lost > 0 ? 'red.8' : undefined}>
        {f.integer(r.lost)}
      </Table.Td>
      <Table.Td ta="right">
        {r.conflicts > 0 ? (
          <Badge size="xs" color="orange" variant="light">
            {r.conflicts}
          </Badge>
        ) : (
          '0'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function PageAnalysis({ campaign }: { campaign: number }) {
  const [search] = useSearchParams();
  // An address from another screen (paScreenPath) opens on its URL, dates and target; read once.
  const [opening] = useState(() => paSelectionFromSearch(search));
  const [selection, setSelection] = useState<PaSelection>(opening.selection);
  const [page, setPage] = useState(1);
  const [url, setUrl] = useState<string | null>(opening.url);
  const [keyword, setKeyword] = useState<{ id: number; text: string } | null>(null);
  const result = usePaPages(campaign, selection, page);
  const f = useFormat();
  // The detail opens above the table: bring it into view when a URL is chosen further down.
  const detailRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (url !== null) detailRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [url]);
  const choose = (next: PaSelection) => {
    if (next.focus !== selection.focus) setUrl(null);
    setSelection(next);
    setPage(1);
  };
  const data = result.data;
  const body = (
    <RankingsQueryView result={result} columns={8} errorTitle="The URLs could not be loaded">
      {(answer) =>
        answer.total === 0 ? (
          <EmptyView title="No URLs">
            {answer.totals.urls === 0
              ? 'This domain ranks for none of the campaign’s keywords between these dates.'
              : 'No URL contains this text.'}
          </EmptyView>
        ) : (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover fz="sm" aria-label="URLs of the domain">
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((c) => (
                      <SortTh
                        key={c.field}
                        {...c}
                        value={selection}
                        onSort={(field, direction) =>
                          choose({ ...selection, sortField: field, sortDirection: direction })
                        }
                      />
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.rows.map((r) => (
                    <UrlRow key={r.url} r={r} selected={r.url === url} onOpen={setUrl} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed" data-testid="pages-total">
                {f.integer(answer.total)} URLs · {answer.dates.start} → {answer.dates.end} · keywords at the
                end / at the start
              </Text>
              <Pagination
                size="sm"
                value={page}
                onChange={setPage}
                total={Math.max(1, Math.ceil(answer.total / PA_PAGE_SIZE))}
              />
            </Group>
          </>
        )
      }
    </RankingsQueryView>
  );
  const focus = data?.targets[data.focus];
  return (
    <Stack gap="md">
      <PageHeader
        title="Page Analysis"
        description="Every URL of a tracked domain: what it ranks for, how visible it is and what it gained or lost."
        actions={
          <>
            <CtrModelBadge campaign={campaign} />
            <ExportButtons href={(format) => paPagesHref(campaign, selection, format)} />
          </>
        }
      />
      <Card withBorder padding="sm">
        <Filters data={data} value={selection} onChange={choose} />
      </Card>
      {data && data.dates !== null && focus && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Card withBorder padding="xs">
            <Text size="xs" c="dimmed">
              URLs of {focus.label} ranking
            </Text>
            <Text fw={700} data-testid="kpi-urls">
              {f.integer(data.totals.urls)}
            </Text>
          </Card>
          <Card withBorder padding="xs">
            <Text size="xs" c="dimmed">
              Visibility score at {data.dates.end}
            </Text>
            <Text fw={700} data-testid="kpi-vs">
              {f.number(data.totals.visibilityScore, { maximumFractionDigits: 1 })}
            </Text>
          </Card>
          <Card withBorder padding="xs">
            <Text size="xs" c="dimmed">
              URLs with a conflict
            </Text>
            <Text fw={700} data-testid="kpi-conflicts">
              {f.integer(data.totals.conflicts)}
            </Text>
          </Card>
        </SimpleGrid>
      )}
      {url !== null && (
        <Card withBorder padding="sm" aria-label="URL detail" ref={detailRef}>
          <PageDetail campaign={campaign} selection={selection} url={url} onOpenKeyword={setKeyword} />
        </Card>
      )}
      <Card withBorder padding="sm">
        {body}
      </Card>
      <KeywordDrawer
        campaign={campaign}
        keyword={keyword}
        selection={{
          ...RT_DEFAULT_SELECTION,
          startDate: selection.startDate,
          endDate: selection.endDate,
          positionKind: selection.positionKind,
        }}
        onClose={() => setKeyword(null)}
      />
    </Stack>
  );
}

export function PageAnalysisPage() {
  return <CampaignScreen>{(campaign) => <PageAnalysis campaign={campaign} />}</CampaignScreen>;
}
