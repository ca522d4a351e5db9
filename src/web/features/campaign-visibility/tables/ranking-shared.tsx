// What both ranking tables share: sort state by spec §3 field id (`field`, `field|i`, `field|i.delta`), the
// request parameters (filters from the store, sort, page, weekly_data, column filters by field id), the
// delta/percentageDelta display, a sortable header button, a sparkline of weekly_data, and the table shell
// with pagination, CSV download and its loading, empty (also for 404/402) and error states.
import type { ReactNode } from 'react';
import {
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { CvDeltas } from '@contracts/campaign-visibility';
import { campaignRankingParams, formatFieldId } from '@core/filters';
import type { FieldId, FilterState } from '@core/filters';
import type { Params } from '@core/resource-cache';
import { isApiError } from '../../../api/client';
import type { UseResource } from '../../../api/resource-cache';
import type { Formatters } from '../../../app/route-context';
import { ErrorView } from '../../../components/StateViews';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../../../components/icons';

export const PAGE_SIZE = 25;

export type DeltaDisplay = 'delta' | 'percentageDelta';

export interface SortState {
  field: FieldId;
  direction: 'asc' | 'desc';
}

/** The same field id ignoring its display (a Deltas column is one column whichever display is chosen). */
export const sameColumn = (a: FieldId, b: FieldId): boolean =>
  a.field === b.field && a.domainIndex === b.domainIndex;

/** The spec §7 ranking request: the store's filters, sort, page and weekly data. */
export function rankingParams(
  state: FilterState,
  campaign: number,
  sort: SortState,
  display: DeltaDisplay,
  page: number,
): Params {
  const field: FieldId = sort.field.field.endsWith('Deltas') ? { ...sort.field, display } : sort.field;
  return {
    ...campaignRankingParams(state, { campaign }),
    sortField: formatFieldId(field),
    sortDirection: sort.direction,
    page,
    pageSize: PAGE_SIZE,
    weekly_data: true,
  };
}

/** Spec §8: 404 (no such data) and 402 (plan limit) show an empty table rather than an error. */
export function isEmptyAnswer(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 402);
}

export function formatDelta(d: CvDeltas | null, display: DeltaDisplay, format: Formatters): string {
  if (d === null) return '–';
  const v = display === 'delta' ? d.delta : d.percentageDelta;
  if (v === null) return '–';
  const text = display === 'delta' ? format.number(v, { maximumFractionDigits: 1 }) : format.percent(v);
  return v > 0 ? `+${text}` : text;
}

export function deltaColour(d: CvDeltas | null): string | undefined {
  if (d === null || d.delta === 0) return undefined;
  return d.delta > 0 ? 'teal' : 'red';
}

export function SortHeader({
  label,
  id,
  sort,
  onSort,
  numeric,
}: {
  label: ReactNode;
  id: FieldId;
  sort: SortState;
  onSort: (s: SortState) => void;
  numeric?: boolean;
}) {
  const active = sameColumn(sort.field, id);
  const next: SortState = { field: id, direction: active && sort.direction === 'desc' ? 'asc' : 'desc' };
  return (
    <Table.Th
      ta={numeric === true ? 'right' : undefined}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        type="button"
        data-sort-field={formatFieldId(id)}
        onClick={() => onSort(next)}
        fz="sm"
        fw={600}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        {active ? (
          sort.direction === 'asc' ? (
            <ArrowUpIcon size={12} />
          ) : (
            <ArrowDownIcon size={12} />
          )
        ) : (
          <SortIcon size={12} />
        )}
      </UnstyledButton>
    </Table.Th>
  );
}

/** A 60×18 px line of a weekly series; gaps where there is no value; positions drawn upside down. */
export function Sparkline({ values, invert = false }: { values: (number | null)[]; invert?: boolean }) {
  const nums = values.filter((v): v is number => v !== null);
  if (nums.length < 2)
    return (
      <Text size="xs" c="dimmed">
        –
      </Text>
    );
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  const span = max - min || 1;
  const step = 60 / Math.max(1, values.length - 1);
  const y = (v: number) => {
    const t = (v - min) / span;
    return 2 + 14 * (invert ? t : 1 - t);
  };
  let d = '';
  values.forEach((v, i) => {
    if (v === null) return;
    const prev = i > 0 ? values[i - 1] : null;
    d += `${prev === null || prev === undefined ? 'M' : 'L'}${(i * step).toFixed(1)},${y(v).toFixed(1)}`;
  });
  return (
    <svg width={60} height={18} aria-hidden="true">
      <path d={d} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={1.5} />
    </svg>
  );
}

export function RankingTableShell<T>({
  id,
  title,
  result,
  total,
  page,
  onPage,
  display,
  onDisplay,
  csvHref,
  head,
  rows,
  columns,
}: {
  id: string;
  title: string;
  result: UseResource<T>;
  total: number;
  page: number;
  onPage: (page: number) => void;
  display: DeltaDisplay;
  onDisplay: (d: DeltaDisplay) => void;
  csvHref: string | null;
  head: ReactNode;
  rows: ReactNode;
  columns: number;
}) {
  const empty = isEmptyAnswer(result.error);
  const state = empty
    ? 'empty'
    : result.status === 'error'
      ? 'error'
      : result.status === 'loading'
        ? 'loading'
        : total === 0
          ? 'empty'
          : 'ready';
  return (
    <Paper withBorder p="md" data-table={id} data-state={state} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={15} fw={600}>
            {title}
          </Title>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={display}
              onChange={(v) => onDisplay(v as DeltaDisplay)}
              data={[
                { value: 'delta', label: 'Change' },
                { value: 'percentageDelta', label: 'Change %' },
              ]}
              aria-label="Show changes as"
            />
            {csvHref !== null && (
              <Button component="a" href={csvHref} download size="xs" variant="default">
                Download CSV
              </Button>
            )}
          </Group>
        </Group>
        {state === 'error' ? (
          <ErrorView title={`${title} could not be loaded`} error={result.error} onRetry={result.refetch} />
        ) : (
          <Table.ScrollContainer minWidth={Math.max(640, columns * 96)}>
            <Table striped highlightOnHover fz="sm" aria-label={title} aria-busy={state === 'loading'}>
              <Table.Thead>{head}</Table.Thead>
              <Table.Tbody>
                {state === 'loading' &&
                  Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={columns}>
                        <Skeleton height={12} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {state === 'empty' && (
                  <Table.Tr>
                    <Table.Td colSpan={columns}>
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        No rows match the current filters.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {state === 'ready' && rows}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {state === 'ready' && total > PAGE_SIZE && (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {total.toLocaleString()} rows
            </Text>
            <Pagination size="sm" total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={onPage} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
