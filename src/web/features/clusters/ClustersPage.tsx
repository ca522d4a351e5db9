// The content-cluster screens (spec §2, ROLE_MS_ALL): /marketshare/existing/cluster ("optimise existing
// content": clusters where the host ranks 4–30) and /marketshare/new/cluster ("new content suggestions":
// clusters where the host is absent and a competitor is in the top 10), both with host, market and time in
// the query string. The market's keyword clusters are built by a background job, so the screen shows its
// progress first, then the clusters with their keywords and the CSV download.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Anchor,
  Button,
  Card,
  Chip,
  Group,
  Pagination,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ClusterKind, ClusterRunning, ClusterTime, NewClustersResponse } from '@contracts/clusters';
import {
  CLUSTER_PAGE_SIZE,
  clusterCsvHref,
  useExistingClusters,
  useNewClusters,
  type ClusterSelection,
} from '../../api/use-clusters';
import { useFormat, useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { HostMarketTimeForm, timeSpanOf } from '../../components/HostMarketTimeForm';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { marketToolHref } from '../market-tools/market-tool-href';
import { ExistingTable, Hint, NewTable } from './ClusterTables';

const TITLES: Record<ClusterKind, { title: string; description: string }> = {
  existing: {
    title: 'Optimise existing content',
    description:
      'Keyword clusters where the host ranks, but its best position is 4–30: pages worth improving first.',
  },
  new: {
    title: 'New content suggestions',
    description:
      'Keyword clusters where the host has no result in the top 100 while a competitor ranks in the top 10.',
  },
};

function Building({ job }: { job: ClusterRunning }) {
  const f = useFormat();
  const label =
    job.phase === 'reading'
      ? `Reading the top-10 results of every keyword of ${job.market} at ${f.date(job.date)}…`
      : `Clustering the keywords of ${job.market} at ${f.date(job.date)}: ${f.percent(job.progress * 100, 0)}`;
  return (
    <Stack gap={6} py="md">
      <Text size="sm">{label}</Text>
      <Progress
        value={job.phase === 'reading' ? 0 : job.progress * 100}
        striped
        animated
        aria-label="Clustering progress"
      />
      <Hint>Clusters are built once per market and snapshot, then kept: the next visit opens at once.</Hint>
    </Stack>
  );
}

interface Frame<T> {
  kind: ClusterKind;
  selection: ClusterSelection;
  result: ReturnType<typeof useExistingClusters | typeof useNewClusters>;
  page: number;
  setPage: (p: number) => void;
  done: T | null;
  table: (done: T) => ReactNode;
  summary: (done: T) => ReactNode;
}

function ResultFrame<T extends { total: number }>(p: Frame<T>) {
  const { result } = p;
  const f = useFormat();
  let body: ReactNode;
  if (result.isPending) body = <TableSkeleton columns={5} />;
  else if (result.isError) {
    body = (
      <ErrorView
        title="The clusters could not be loaded"
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  } else if (result.data.status === 'running') body = <Building job={result.data} />;
  else if (p.done === null || p.done.total === 0) {
    body = (
      <EmptyView title="No clusters for this host">
        {p.kind === 'existing'
          ? 'The host has no cluster where its best position is between 4 and 30.'
          : 'No cluster has a competitor of the host in the top 10 while the host is absent.'}
      </EmptyView>
    );
  } else {
    body = (
      <>
        {p.table(p.done)}
        <Group justify="space-between" mt="xs">
          <Hint>{p.summary(p.done)}</Hint>
          <Pagination
            size="sm"
            value={p.page}
            onChange={p.setPage}
            total={Math.max(1, Math.ceil(p.done.total / CLUSTER_PAGE_SIZE))}
          />
        </Group>
      </>
    );
  }
  const ready = result.data?.status === 'done';
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz={15} fw={600}>
          Clusters {ready && p.done ? `(${f.integer(p.done.total)})` : ''}
        </Title>
        {ready && (
          <Button
            component="a"
            href={clusterCsvHref(p.kind, p.selection)}
            download
            size="xs"
            variant="default"
          >
            Export clusters (CSV)
          </Button>
        )}
      </Group>
      {body}
    </Card>
  );
}

function ExistingResults({ selection }: { selection: ClusterSelection }) {
  const [page, setPage] = useState(1);
  const result = useExistingClusters(selection, page);
  const f = useFormat();
  const done = result.data?.status === 'done' ? result.data : null;
  return (
    <ResultFrame
      kind="existing"
      selection={selection}
      result={result}
      page={page}
      setPage={setPage}
      done={done}
      table={(d) => <ExistingTable items={d.items} />}
      summary={(d) =>
        `${f.integer(d.total)} of ${f.integer(d.clusters)} clusters (${f.integer(d.clusteredKeywords)} keywords at ` +
        `${f.date(d.date)}); changes against ${f.date(d.comparedWith)}` +
        (d.comparisonClamped
          ? ', the first snapshot of the market: its data does not reach as far back as asked.'
          : '.')
      }
    />
  );
}

/**
 * The competitors a new-content list looks for: the topical ones the server picked, checked; the other
 * league domains with why they were left out. Choosing others asks again with exactly those.
 */
function CompetitorChooser({
  done,
  onChoose,
}: {
  done: NewClustersResponse;
  onChoose: (domains: string[] | null) => void;
}) {
  const f = useFormat();
  if (done.candidates.length === 0) return null;
  return (
    <Stack gap={4} mb="xs">
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          Competitors looked for
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => onChoose(null)}>
          Topical ones (default)
        </Button>
      </Group>
      <Chip.Group multiple value={done.competitors} onChange={(v) => onChoose(v.length === 0 ? null : v)}>
        <Group gap={6}>
          {done.candidates.map((c) => (
            <Tooltip
              key={c.domain}
              label={`${f.percent(c.topicalShare * 100, 0)} of the ${f.integer(c.keywords)} keywords it ranks for in the top 20 are the host's${c.leftOut ? ` — ${c.leftOut}` : ''}`}
            >
              <Chip value={c.domain} size="xs" color={c.leftOut === 'not topical' ? 'gray' : 'blue'}>
                {c.domain}
              </Chip>
            </Tooltip>
          ))}
        </Group>
      </Chip.Group>
      <Hint>
        A competitor counts when at least a quarter of the keywords it ranks for are the host's: a site on
        every subject would suggest clusters off the host's topic. Pick others to look for exactly those.
      </Hint>
    </Stack>
  );
}

function NewResults({ selection }: { selection: ClusterSelection }) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const chosenSelection = { ...selection, competitors: chosen };
  const result = useNewClusters(chosenSelection, page);
  const f = useFormat();
  const done = result.data?.status === 'done' ? result.data : null;
  return (
    <>
      {done && (
        <CompetitorChooser
          done={done}
          onChoose={(v) => {
            setChosen(v);
            setPage(1);
          }}
        />
      )}
      <ResultFrame
        kind="new"
        selection={chosenSelection}
        result={result}
        page={page}
        setPage={setPage}
        done={done}
        table={(d) => <NewTable items={d.items} />}
        summary={(d) =>
          `${f.integer(d.total)} of ${f.integer(d.clusters)} clusters (${f.integer(d.clusteredKeywords)} keywords at ` +
          `${f.date(d.date)}); competitors looked for: ${d.competitors.join(', ') || 'none'}.`
        }
      />
    </>
  );
}

function ClustersScreen({ kind }: { kind: ClusterKind }) {
  const { params, locale } = useRoute();
  const navigate = useNavigate();
  const host = params.host;
  const market = params.market;
  const time = timeSpanOf(params.time);
  const { title, description } = TITLES[kind];
  useBreadcrumb([{ label: 'Market share' }, { label: title }]);
  const other: ClusterKind = kind === 'existing' ? 'new' : 'existing';
  const show = (h: string, m: string, t: ClusterTime) =>
    void navigate(marketToolHref(`${kind}-content-cluster`, { host: h, market: m, time: t }, locale));
  const selection = host && market ? { host, market, time } : null;
  return (
    <Stack gap="md">
      <PageHeader
        title={host ? `${title}: ${host}` : title}
        description={description}
        actions={
          selection && (
            <Anchor
              component={Link}
              to={marketToolHref(`${other}-content-cluster`, selection, locale)}
              size="sm"
            >
              {TITLES[other].title}
            </Anchor>
          )
        }
      />
      <HostMarketTimeForm
        host={host ?? ''}
        market={market}
        time={time}
        submitLabel="Show clusters"
        onShow={show}
      />
      {selection ? (
        kind === 'existing' ? (
          <ExistingResults key={`${host}/${market}/${time}`} selection={selection} />
        ) : (
          <NewResults key={`${host}/${market}`} selection={selection} />
        )
      ) : (
        <EmptyView title="Choose a host and a market">
          Type a domain, host or host with a path, pick a market, and how far back to compare (a year by
          default).
        </EmptyView>
      )}
    </Stack>
  );
}

export function ExistingClustersPage() {
  return <ClustersScreen kind="existing" />;
}

export function NewClustersPage() {
  return <ClustersScreen kind="new" />;
}
