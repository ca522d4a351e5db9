// The Tag Analysis screen (/{campaignId}/rankings/tag-analysis, issue 29 item 5): the campaign's keywords
// split by tag or by keyword group (a switch), a labels × tracked-domains matrix of one measure — visibility
// score, share of visibility, visibility or average position — at the end date with its change since the
// start date, and for the chosen label each domain's series over time and its rank distribution (LabelDetail).
// Loading, empty and error states; the matrix as CSV or XLSX.
import { useState } from 'react';
import {
  Card,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { TaResponse } from '@contracts/tag-analysis';
import { taHref, useTagAnalysis, type TaSelection } from '../../api/use-tag-analysis';
import { useFormat, type Formatters } from '../../app/route-context';
import { ExportButtons } from '../../components/ExportButtons';
import { CampaignScreen } from '../../components/CampaignScreen';
import { CtrModelBadge } from '../../components/CtrModelBadge';
import { PageHeader } from '../../components/PageHeader';
import { SnapshotRange } from '../../components/SnapshotRange';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { LabelDetail, MEASURES, type Measure } from './LabelDetail';

type Cell = TaResponse['labels'][number]['targets'][number];

/** The measure's value at the end and its change since the start (null when either is missing). */
function valueOf(c: Cell, m: Measure): { end: number | null; change: number | null } {
  if (m === 'averagePosition') return { end: c.end.averagePosition, change: c.averagePositionChange };
  return { end: c.end[m], change: c.end[m] - c.start[m] };
}

function formatted(f: Formatters, m: Measure, v: number): string {
  return m === 'share' || m === 'visibility' ? f.percent(v, 1) : f.number(v, { maximumFractionDigits: 1 });
}

/** A change since the start: ▲ green when better (a lower average position is better); percentages in points. */
function Change({ f, m, value }: { f: Formatters; m: Measure; value: number | null }) {
  if (value === null || Math.abs(value) < 1e-9) return null;
  const good = m === 'averagePosition' ? value < 0 : value > 0;
  const size = Math.abs(value);
  const text =
    m === 'share' || m === 'visibility'
      ? `${f.number(size, { maximumFractionDigits: 1 })} pt`
      : f.number(size, { maximumFractionDigits: 1 });
  return (
    <Text span size="xs" c={good ? 'teal.8' : 'red.8'} aria-label={`${good ? 'better' : 'worse'} by ${text}`}>
      {' '}
      {value > 0 ? '▲' : '▼'}
      {text}
    </Text>
  );
}

/** The labels × domains matrix; without onSelect (a dashboard's tag-matrix widget) the labels are plain text. */
export function Matrix({
  data,
  measure,
  selected,
  onSelect,
}: {
  data: TaResponse;
  measure: Measure;
  selected: string | null;
  onSelect?: (label: string) => void;
}) {
  const f = useFormat();
  const kindLabel = data.kind === 'tags' ? 'Tag' : 'Keyword group';
  return (
    <Table.ScrollContainer minWidth={220 + 150 * data.targets.length}>
      <Table striped highlightOnHover fz="sm" aria-label={`${kindLabel}s × domains`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{kindLabel}</Table.Th>
            <Table.Th ta="right">Keywords</Table.Th>
            {data.targets.map((t) => (
              <Table.Th key={t.key} ta="right" style={{ color: t.color }}>
                {t.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.labels.map((l) => (
            <Table.Tr key={l.label} bg={l.label === selected ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                {onSelect === undefined ? (
                  <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                    {l.label}
                  </Text>
                ) : (
                  <UnstyledButton
                    onClick={() => onSelect(l.label)}
                    aria-pressed={l.label === selected}
                    aria-label={`Show ${l.label} over time`}
                    style={{ textDecoration: 'underline', overflowWrap: 'break-word' }}
                    fz="sm"
                  >
                    {l.label}
                  </UnstyledButton>
                )}
              </Table.Td>
              <Table.Td ta="right">{f.integer(l.keywords)}</Table.Td>
              {l.targets.map((c, i) => {
                const v = valueOf(c, measure);
                return (
                  <Table.Td
                    key={data.targets[i]!.key}
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                    data-cell={`${l.label}|${data.targets[i]!.key}`}
                  >
                    {v.end === null ? '–' : formatted(f, measure, v.end)}
                    <Change f={f} m={measure} value={v.change} />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TagAnalysis({ campaign }: { campaign: number }) {
  const [selection, setSelection] = useState<TaSelection>({ kind: 'tags', startDate: null, endDate: null });
  const [measure, setMeasure] = useState<Measure>('share');
  const [chosen, setChosen] = useState<string | null>(null);
  const result = useTagAnalysis(campaign, selection);
  const data = result.data;
  const label = data?.labels.find((l) => l.label === chosen) ?? data?.labels[0] ?? null;
  const set = (patch: Partial<TaSelection>) => {
    if (patch.kind !== undefined && patch.kind !== selection.kind) setChosen(null);
    setSelection({ ...selection, ...patch });
  };
  const kindWord = selection.kind === 'tags' ? 'tags' : 'keyword groups';
  const body = result.isPending ? (
    <TableSkeleton rows={8} columns={5} />
  ) : result.isError ? (
    <ErrorView
      title="Tag analysis could not be loaded"
      error={result.error}
      onRetry={() => void result.refetch()}
    />
  ) : result.data.labels.length === 0 ? (
    <EmptyView title={`No ${kindWord} with rankings`}>
      {result.data.dates === null
        ? 'Import rankings or run a rank check for this campaign’s market.'
        : `Give the campaign’s keywords ${kindWord} in its set-up to compare them here.`}
    </EmptyView>
  ) : (
    <>
      <Matrix data={result.data} measure={measure} selected={label?.label ?? null} onSelect={setChosen} />
      <Text size="xs" c="dimmed" mt="xs" data-testid="matrix-dates">
        At {result.data.dates?.end}, change since {result.data.dates?.start} · share of visibility among the
        tracked domains · average position over the keywords where a domain ranks
      </Text>
    </>
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Tag Analysis"
        description="Visibility, share, average position and rank distribution of every tag or keyword group, per domain, over time."
        actions={
          <>
            <CtrModelBadge campaign={campaign} />
            <ExportButtons href={(format) => taHref(campaign, selection, format)} />
          </>
        }
      />
      <Card withBorder padding="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Split by
            </Text>
            <SegmentedControl
              aria-label="Split keywords by"
              size="xs"
              data={[
                { value: 'tags', label: 'Tags' },
                { value: 'groups', label: 'Keyword groups' },
              ]}
              value={selection.kind}
              onChange={(v) => set({ kind: v as TaSelection['kind'] })}
            />
          </Stack>
          <SnapshotRange
            snapshots={data?.snapshotDates ?? []}
            compared={data?.dates}
            start={selection.startDate}
            end={selection.endDate}
            onChange={set}
          />
          <Select
            label="Measure"
            data={MEASURES}
            value={measure}
            onChange={(v) => v && setMeasure(v as Measure)}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder padding="sm">
        {body}
      </Card>
      {data && label && (
        <Card withBorder padding="sm">
          <LabelDetail
            campaign={campaign}
            selection={selection}
            data={data}
            label={label}
            measure={measure}
          />
        </Card>
      )}
    </Stack>
  );
}

export function TagAnalysisPage() {
  return <CampaignScreen>{(campaign) => <TagAnalysis campaign={campaign} />}</CampaignScreen>;
}
