// The comparison itself, on the signed-in screen and on a share link's page alike: both hosts' headline
// figures, both visibility series in one chart, the keyword counts per group (each a filter of the table),
// the keyword table (sorted and paged by the server) and the two CSV exports; with loading, empty and error
// states. Through a share link every request carries the token.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OneToOneGroupParam, OneToOneResponse, OneToOneSortField } from '@contracts/one-to-one';
import { isApiError } from '../../api/client';
import { useAnnotations } from '../../api/use-annotations';
import {
  ONE_TO_ONE_PAGE_SIZE,
  oneToOneCsvHref,
  useOneToOne,
  type OneToOneSelection,
  type OneToOneTable,
} from '../../api/use-one-to-one';
import { useFormat } from '../../app/route-context';
import { CardsSkeleton, EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { ComparisonChart, HOST_COLOURS } from './ComparisonChart';
import { KeywordTable } from './KeywordTable';

const DEFAULT_TABLE: OneToOneTable = {
  group: 'all',
  sortField: 'searchVolume',
  sortDirection: 'desc',
  page: 1,
};

function HostCard({ data, side }: { data: OneToOneResponse; side: 'a' | 'b' }) {
  const f = useFormat();
  const h = data[side];
  const change = (d: { delta: number }, digits: number, unit = '') =>
    `${d.delta > 0 ? '+' : ''}${f.number(d.delta, { maximumFractionDigits: digits })}${unit}`;
  return (
    <Card withBorder padding="sm" style={{ borderTop: `3px solid ${HOST_COLOURS[side === 'a' ? 0 : 1]}` }}>
      <Text fw={600} size="sm" mb={4} data-testid={`host-${side}`}>
        {side.toUpperCase()}: {h.host.value}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Visibility score
          </Text>
          <Text fz={20} fw={600}>
            {f.number(h.visibilityScore, { maximumFractionDigits: 1 })}
          </Text>
          <Text size="xs" c="dimmed">
            {change(h.visibilityScoreDeltas, 1)} since start
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Visibility
          </Text>
          <Text fz={20} fw={600}>
            {f.percent(h.visibility, 2)}
          </Text>
          <Text size="xs" c="dimmed">
            {change(h.visibilityDeltas, 2, ' pts')} since start
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Ranking keywords
          </Text>
          <Text fz={20} fw={600}>
            {f.integer(h.rankingKeywords)}
          </Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

function GroupFilter({
  data,
  group,
  onGroup,
}: {
  data: OneToOneResponse;
  group: OneToOneGroupParam;
  onGroup: (g: OneToOneGroupParam) => void;
}) {
  const f = useFormat();
  const [a, b] = [data.a.host.value, data.b.host.value];
  const c = data.counts;
  const groups: [OneToOneGroupParam, string, number][] = [
    ['all', 'All keywords', c.shared + c.onlyA + c.onlyB],
    ['shared', 'Shared', c.shared],
    ['onlyA', `Only ${a}`, c.onlyA],
    ['onlyB', `Only ${b}`, c.onlyB],
    ['aAhead', `${a} ahead`, c.aAhead],
    ['bAhead', `${b} ahead`, c.bAhead],
  ];
  return (
    <Group gap="xs" role="group" aria-label="Keyword groups">
      {groups.map(([g, label, count]) => (
        <Button
          key={g}
          size="xs"
          variant={g === group ? 'filled' : 'default'}
          aria-pressed={g === group}
          onClick={() => onGroup(g)}
          data-testid={`group-${g}`}
          data-count={count}
        >
          {label}: {f.integer(count)}
        </Button>
      ))}
    </Group>
  );
}

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz={15} fw={600}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

export function Comparison({
  selection,
  share,
  errorTitle = 'The comparison could not be loaded',
  errorAdvice,
  header,
}: {
  selection: OneToOneSelection;
  share: string | null;
  errorTitle?: string;
  errorAdvice?: ReactNode;
  /** Drawn above the figures once the data is in (the shared page's "shared by" line). */
  header?: (data: OneToOneResponse) => ReactNode;
}) {
  const f = useFormat();
  const [table, setTable] = useState<OneToOneTable>(DEFAULT_TABLE);
  const result = useOneToOne(selection, table, share);
  // The organisation's annotations, for a signed-in user only: a share link's visitor has no session.
  const annotations = useAnnotations(null, undefined, share === null).data;
  if (result.isPending) {
    return (
      <Stack gap="md">
        <CardsSkeleton count={2} />
        <TableSkeleton columns={6} />
      </Stack>
    );
  }
  if (result.isError) {
    return (
      <ErrorView
        title={errorTitle}
        error={result.error}
        // A refusal (bad link, revoked, expired, no access) does not change by asking again.
        onRetry={
          isApiError(result.error) && result.error.status !== null && result.error.status < 500
            ? undefined
            : () => void result.refetch()
        }
        advice={errorAdvice}
      />
    );
  }
  const data = result.data;
  const top = header?.(data);
  if (data.end === null) {
    return (
      <Stack gap="md">
        {top}
        <EmptyView title="No snapshots in this period">
          {selection.market} has no rankings between {f.date(data.startDate)} and {f.date(data.endDate)}. Try
          a longer period.
        </EmptyView>
      </Stack>
    );
  }
  const sort = (field: OneToOneSortField) =>
    setTable((t) => ({
      ...t,
      page: 1,
      sortField: field,
      sortDirection:
        t.sortField === field
          ? t.sortDirection === 'asc'
            ? 'desc'
            : 'asc'
          : field === 'keyword' || field.endsWith('Position')
            ? 'asc'
            : 'desc',
    }));
  return (
    <Stack gap="md">
      {top}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <HostCard data={data} side="a" />
        <HostCard data={data} side="b" />
      </SimpleGrid>
      <Section
        title="Visibility over time"
        actions={
          <Button
            component="a"
            href={oneToOneCsvHref('data', selection, share)}
            download
            size="xs"
            variant="default"
          >
            Export comparison (CSV)
          </Button>
        }
      >
        <ComparisonChart data={data} annotations={annotations} />
      </Section>
      <Section
        title="Keywords"
        actions={
          <Button
            component="a"
            href={oneToOneCsvHref('keyword-csv', selection, share, table.group)}
            download
            size="xs"
            variant="default"
          >
            Export keywords (CSV)
          </Button>
        }
      >
        <Stack gap="sm">
          <GroupFilter
            data={data}
            group={table.group}
            onGroup={(group) => setTable((t) => ({ ...t, group, page: 1 }))}
          />
          {data.total === 0 ? (
            <EmptyView title="No keywords in this group">
              Neither host has a keyword of this group in the top 100 on {f.date(data.end)}.
            </EmptyView>
          ) : (
            <>
              <KeywordTable data={data} table={table} onSort={sort} />
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {f.integer(data.total)} keywords; positions and scores on {f.date(data.end)}, changes since{' '}
                  {f.date(data.start)}. Scores are estimated monthly clicks.
                </Text>
                <Pagination
                  size="sm"
                  value={table.page}
                  onChange={(page) => setTable((t) => ({ ...t, page }))}
                  total={Math.max(1, Math.ceil(data.total / ONE_TO_ONE_PAGE_SIZE))}
                />
              </Group>
            </>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
