// Pieces the rankings screens (Rank Tracking, Page Analysis) share: the absolute / classic position switch,
// and the states of a rankings query before it has rows to show (loading, failed, no snapshot yet).
import type { ReactNode } from 'react';
import { SegmentedControl } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PositionKind } from '@core/rank-tracking/positions';
import { EmptyView, ErrorView, TableSkeleton } from './StateViews';

/**
 * Absolute positions count every result; classic ones the organic results only. `short` labels the classic
 * kind "Classic", for a filter column too narrow for "Classic (organic)" (Page Analysis at 1280 px).
 */
export function PositionKindControl({
  value,
  onChange,
  short = false,
}: {
  value: PositionKind;
  onChange: (kind: PositionKind) => void;
  short?: boolean;
}) {
  return (
    <SegmentedControl
      aria-label="Position kind"
      size="xs"
      data={[
        { value: 'absolute', label: 'Absolute' },
        { value: 'classic', label: short ? 'Classic' : 'Classic (organic)' },
      ]}
      value={value}
      onChange={(v) => onChange(v as PositionKind)}
    />
  );
}

/** A rankings answer that has a snapshot between its dates. */
export type WithDates<T extends { dates: unknown }> = T & { dates: NonNullable<T['dates']> };

/**
 * A rankings query's view: a skeleton while it loads, the error with a retry, "No rankings yet" when the
 * campaign's market has no snapshot between the dates (`dates` null), otherwise `children` of the answer.
 */
export function RankingsQueryView<T extends { dates: unknown }>({
  result,
  columns,
  errorTitle,
  children,
}: {
  result: UseQueryResult<T>;
  /** The skeleton's columns, as many as the table has. */
  columns: number;
  errorTitle: string;
  children: (data: WithDates<T>) => ReactNode;
}) {
  if (result.isPending) return <TableSkeleton rows={10} columns={columns} />;
  if (result.isError) {
    return <ErrorView title={errorTitle} error={result.error} onRetry={() => void result.refetch()} />;
  }
  const data = result.data;
  if (data.dates === null) {
    return (
      <EmptyView title="No rankings yet">
        Import rankings or run a rank check for this campaign’s market.
      </EmptyView>
    );
  }
  return children(data as WithDates<T>);
}
