// Project visibility (/ldx-{projectId}/competitive-analysis/project-visibility, ROLE_CV): how visible the
// project's tracked domains are over the union of its campaigns — each keyword counted once per market — and
// in each campaign, for the header's date range. One domain at a time: its headline figures with their
// change, a chart with a line per campaign and the total, and the campaigns side by side; the whole summary
// downloads as CSV. Loading, empty and error states for each case.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PV_ID_PREFIX, type PvResponse } from '@contracts/project-visibility';
import {
  projectVisibilityCsvHref,
  useProjectVisibility,
  type PvSelection,
} from '../../api/use-project-visibility';
import { useFormat, useHref, useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PageHeader } from '../../components/PageHeader';
import { CardsSkeleton, EmptyView, ErrorView } from '../../components/StateViews';
import { buildPath } from '../../routes/match-route';
import { routeByName } from '../../routes/route-table';
import { useDateRangeStore } from '../../state/date-range-store';
import { useProjectStore } from '../../state/project-store';
import { deltaColour, formatDelta } from '../campaign-visibility/tables/ranking-shared';
import { CampaignTable } from './CampaignTable';
import { chartSeries, VisibilityChart } from './VisibilityChart';

/** The project id of the address (`ldx-12`); null when it is not one. */
function projectIdOf(param: string | null): number | null {
  const m = /^ldx-([1-9]\d{0,9})$/u.exec(param ?? '');
  return m ? Number(m[1]) : null;
}

function Figure({ label, value, change }: { label: string; value: string; change?: React.ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={600}>
        {value}
      </Text>
      {change}
    </Card>
  );
}

function Summary({ data, selection }: { data: PvResponse; selection: PvSelection }) {
  const f = useFormat();
  const [chosen, setChosen] = useState<string | null>(null);
  // The domain picked, else the first of the client's own domains, else the first.
  const picked = data.domains.findIndex((d) => d.key === chosen);
  const selected =
    picked >= 0
      ? picked
      : Math.max(
          0,
          data.domains.findIndex((d) => d.isOwn),
        );
  const domain = data.domains[selected]!;
  const figures = data.total.domains[selected]!;
  const change = (d: PvResponse['total']['domains'][number]['shareDeltas'], unit: 'delta' | 'points') => (
    <Text size="xs" c={deltaColour(d) ?? 'dimmed'}>
      {unit === 'points' ? `${formatDelta(d, 'delta', f)} points` : formatDelta(d, 'delta', f)} over the range
    </Text>
  );
  const series = chartSeries(data.total, data.campaigns, selected);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Domain"
          w={320}
          data={data.domains.map((d) => ({
            value: d.key,
            label: d.label === d.key ? d.key : `${d.label} (${d.key})`,
          }))}
          value={domain.key}
          onChange={(v) => v !== null && setChosen(v)}
          allowDeselect={false}
          searchable
        />
        <Button component="a" href={projectVisibilityCsvHref(selection)} download size="xs" variant="default">
          Export summary (CSV)
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure
          label="Visibility score (est. monthly clicks)"
          value={f.number(figures.visibilityScore, { maximumFractionDigits: 0 })}
          change={change(figures.visibilityScoreDeltas, 'delta')}
        />
        <Figure
          label="Visibility"
          value={f.percent(figures.visibility, 2)}
          change={change(figures.visibilityDeltas, 'points')}
        />
        <Figure
          label="Share among the project’s domains"
          value={f.percent(figures.share, 1)}
          change={change(figures.shareDeltas, 'points')}
        />
        <Figure
          label={
            data.campaigns.length === 1
              ? 'Keywords of the campaign'
              : `Keywords of ${f.integer(data.campaigns.length)} campaigns`
          }
          value={f.integer(data.total.keywords)}
          change={
            <Text size="xs" c="dimmed">
              each counted once per market
            </Text>
          }
        />
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Title order={2} fz={15} fw={600} mb="xs">
          Visibility score over time
        </Title>
        <VisibilityChart dates={data.total.dates} series={series} domainLabel={domain.label} />
      </Card>
      <CampaignTable
        total={data.total}
        campaigns={data.campaigns}
        index={selected}
        domainLabel={domain.label}
      />
    </Stack>
  );
}

function Content({ selection }: { selection: PvSelection }) {
  const summary = useProjectVisibility(selection);
  if (summary.isPending) return <CardsSkeleton count={4} />;
  if (summary.isError) {
    return (
      <ErrorView
        title="The project visibility could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const data = summary.data;
  if (data.campaigns.length === 0) {
    return (
      <EmptyView title="This project has no campaigns">
        Create a campaign in the project (Campaigns) to measure its visibility here.
      </EmptyView>
    );
  }
  if (data.domains.length === 0) {
    return (
      <EmptyView title="No tracked domains">
        None of the project’s campaigns tracks a domain yet. Add tracked domains to a campaign.
      </EmptyView>
    );
  }
  if (data.total.dates.length === 0) {
    return (
      <EmptyView title="No rankings in this range">
        No keyword of the project’s campaigns has a SERP snapshot between the start and end of the date range.
      </EmptyView>
    );
  }
  return <Summary key={selection.projectId} data={data} selection={selection} />;
}

/** Keeps the header's project and the address in step: the page's project becomes the current one. */
function useProjectSync(projectId: number | null) {
  const current = useProjectStore((s) => s.currentProjectId);
  const setCurrent = useProjectStore((s) => s.setCurrentProject);
  const navigate = useNavigate();
  const href = useHref();
  const { locale } = useRoute();
  const previous = useRef(current);
  useEffect(() => {
    if (projectId !== null) setCurrent(projectId);
  }, [projectId, setCurrent]);
  useEffect(() => {
    // A project picked in the header (the store moved away from the page's project) opens its page.
    if (previous.current === projectId && current !== null && current !== projectId) {
      const to = buildPath(
        routeByName('project-visibility'),
        { projectId: `${PV_ID_PREFIX}${current}` },
        locale,
      );
      void navigate(href(to));
    }
    previous.current = current;
  }, [current, projectId, navigate, href, locale]);
}

export function ProjectVisibilityPage() {
  const { params } = useRoute();
  const startDate = useDateRangeStore((s) => s.startDate);
  const endDate = useDateRangeStore((s) => s.endDate);
  const projectId = projectIdOf(params.projectId);
  const projectName = useProjectStore((s) => s.projects.find((p) => p.id === projectId)?.name ?? null);
  useProjectSync(projectId);
  useBreadcrumb([{ label: 'Visibility' }, { label: 'Project visibility' }]);
  return (
    <Stack gap="md">
      <PageHeader
        title={projectName ? `Project visibility: ${projectName}` : 'Project visibility'}
        description="How visible the project’s domains are over all of its campaigns — each keyword counted once — and in each campaign."
      />
      {projectId === null ? (
        <EmptyView title="Not a project address">
          Project visibility opens at /ldx-{'{project id}'}/competitive-analysis/project-visibility; pick a
          project in the header and open Project Visibility from the sidebar.
        </EmptyView>
      ) : (
        <Content selection={{ projectId, startDate, endDate }} />
      )}
    </Stack>
  );
}
