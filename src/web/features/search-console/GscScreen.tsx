// The frame of every Search Console screen: the title, the sites' loading, empty (no Search Console data
// imported yet: where to import it) and error states, then the filter bar and the screen's own content for
// the applied selection.
import type { ReactNode } from 'react';
import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import type { GscSelection } from '../../api/use-search-console';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { GscFilterBar } from './GscFilterBar';
import { useGscSelection } from './use-gsc-selection';

export function GscScreen({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: (s: GscSelection) => ReactNode;
}) {
  const { sites, list, selection, apply, defaultsFor } = useGscSelection();
  const body = sites.isPending ? (
    <TableSkeleton />
  ) : sites.isError ? (
    <ErrorView
      title="The sites could not be loaded"
      error={sites.error}
      onRetry={() => void sites.refetch()}
    />
  ) : list.length === 0 ? (
    <EmptyView title="No Search Console data yet">
      Import a Search Console export (the folder or zip of Queries.csv, Pages.csv …) or API rows (date, page,
      query, clicks, impressions, ctr, position) under <Anchor href="/imports">Import data</Anchor>; each
      site&apos;s rows then show here.
    </EmptyView>
  ) : selection.site === '' ? (
    <TableSkeleton />
  ) : (
    <>
      <GscFilterBar
        sites={list.map((s) => s.site)}
        selection={selection}
        onApply={apply}
        defaultsFor={defaultsFor}
      />
      {children(selection)}
    </>
  );
  return (
    <>
      <PageHeader title={title} description={description} />
      {body}
    </>
  );
}

/** A titled card with a CSV download and optional controls. */
export function GscCard({
  title,
  csvHref,
  controls,
  children,
}: {
  title: string;
  csvHref?: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" mb="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz={15} fw={600}>
          {title}
        </Title>
        <Group gap="xs">
          {controls}
          {csvHref && (
            <Button component="a" href={csvHref} download size="xs" variant="default">
              Export CSV
            </Button>
          )}
        </Group>
      </Group>
      {children}
    </Card>
  );
}

/** The line under a result saying which imported table answered and for which period. */
export function SourceNote({
  source,
}: {
  source: {
    dimensions: string[];
    dated: boolean;
    period: string;
    current: { start: string; end: string } | null;
  };
}) {
  return (
    <Text size="xs" c="dimmed" mt="xs">
      From the imported {source.dimensions.join(' × ')} rows
      {source.dated && source.current
        ? `, ${source.current.start} – ${source.current.end}`
        : `: an export of one period${source.period ? ` (${source.period})` : ''}, so date ranges do not apply`}
      .
    </Text>
  );
}
