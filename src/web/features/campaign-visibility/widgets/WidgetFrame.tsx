// The frame of every campaign-visibility widget: title, expand button, and one of loading, empty, error or the
// chart. Its root carries data-widget and data-state (loading|ready|empty|error) and a hidden
// <table data-chart-data> with exactly the numbers the chart draws, so tests and screen readers can read them.
import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UseResource } from '../../../api/resource-cache';
import { EmptyView, ErrorView } from '../../../components/StateViews';
import { useCv } from '../cv-context';

/** The numbers behind a chart: a header row and data rows (numbers unformatted). */
export interface ChartData {
  columns: string[];
  rows: (string | number | null)[][];
}

export type WidgetState = 'loading' | 'ready' | 'empty' | 'error';

export function widgetState<T>(r: UseResource<T>, isEmpty: (data: NonNullable<T>) => boolean): WidgetState {
  if (r.status === 'error') return 'error';
  if (r.status === 'loading' || r.data === null || r.data === undefined) return 'loading';
  return isEmpty(r.data as NonNullable<T>) ? 'empty' : 'ready';
}

function ChartDataTable({ id, data }: { id: string; data: ChartData }) {
  return (
    <table data-chart-data={id} hidden>
      <thead>
        <tr>
          {data.columns.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (
              <td key={j}>{cell === null ? '' : String(cell)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface WidgetFrameProps {
  id: string;
  title: string;
  description?: string;
  state: WidgetState;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  chartData?: ChartData | null;
  expanded?: boolean;
  onToggleExpand?: () => void;
  /** Controls on the title row (toggles of the widget). */
  controls?: ReactNode;
  children?: ReactNode;
}

export function WidgetFrame(p: WidgetFrameProps) {
  const { canExpand } = useCv();
  return (
    <Paper
      withBorder
      p="md"
      data-widget={p.id}
      data-state={p.state}
      aria-busy={p.state === 'loading'}
      style={{ gridColumn: p.expanded === true ? '1 / -1' : undefined, minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Title order={2} fz={15} fw={600}>
              {p.title}
            </Title>
            {p.description && (
              <Text size="xs" c="dimmed">
                {p.description}
              </Text>
            )}
          </Stack>
          <Group gap={6} wrap="nowrap">
            {p.controls}
            {p.onToggleExpand && canExpand && (
              <Tooltip label={p.expanded === true ? 'Collapse' : 'Expand'}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={p.onToggleExpand}
                  aria-pressed={p.expanded === true}
                  aria-label={`${p.expanded === true ? 'Collapse' : 'Expand'} ${p.title}`}
                >
                  {p.expanded === true ? '⤡' : '⤢'}
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        {p.state === 'loading' && <Skeleton height={220} radius="sm" aria-label="Loading" />}
        {p.state === 'error' && (
          <ErrorView title={`${p.title} could not be loaded`} error={p.error} onRetry={p.onRetry} />
        )}
        {p.state === 'empty' && (
          <EmptyView title="No data">
            {p.emptyText ?? 'Nothing matches the current filters. Widen the filters or pick another date.'}
          </EmptyView>
        )}
        {p.state === 'ready' && p.children}
        {p.state === 'ready' && p.chartData && <ChartDataTable id={p.id} data={p.chartData} />}
      </Stack>
    </Paper>
  );
}
