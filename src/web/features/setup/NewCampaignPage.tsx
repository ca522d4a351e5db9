// Campaigns → New campaign (/campaigns/new, ROLE_CV): a wizard from project and market to keywords, your
// domain and its competitors, tags, keyword groups and domain groups, and rank checks, landing on the
// campaign's visibility. The campaign is created when the market step is left; from then on the address
// carries it and the step (`?campaign=12&step=3`), so a reload, the importer in another tab or going back
// loses nothing, and every step before can be revisited to change what it set.
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CampaignDetail } from '@contracts/workspace';
import { isApiError } from '../../api/client';
import { useCampaign } from '../../api/use-workspace';
import { useFormat, useHref } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { useProjectStore } from '../../state/project-store';
import { RankChecksPanel } from '../rank-checks/RankChecksPanel';
import { AddKeywords } from './AddKeywords';
import { CampaignKeywordsTable } from './CampaignKeywordsTable';
import { CampaignStep } from './CampaignStep';
import { CompetitorSuggestions } from './CompetitorSuggestions';
import { DomainGroupsPanel } from './DomainGroupsPanel';
import { LabelsPanel } from './LabelsPanel';
import { ProjectStep } from './ProjectStep';
import { TrackedDomainsPanel } from './TrackedDomainsPanel';

const STEPS = [
  { label: 'Project', description: 'Where it belongs' },
  { label: 'Market and name', description: 'Creates the campaign' },
  { label: 'Keywords', description: 'Paste, pick or import' },
  { label: 'Domains', description: 'Yours and competitors' },
  { label: 'Groups', description: 'Tags and domain groups' },
  { label: 'Rank checks', description: 'Provider and schedule' },
] as const;
const FIRST_CAMPAIGN_STEP = 2;

function StepFrame({
  title,
  intro,
  children,
  onBack,
  next,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  onBack: () => void;
  next: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} fz={16} fw={600}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      </Stack>
      {children}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        {next}
      </Group>
    </Stack>
  );
}

function CampaignSteps({
  step,
  campaign,
  go,
  finish,
}: {
  step: number;
  campaign: CampaignDetail;
  go: (step: number) => void;
  finish: () => void;
}) {
  const format = useFormat();
  const next = (label: string) => <Button onClick={() => go(step + 1)}>{label}</Button>;
  const back = () => go(step - 1);
  if (step === 2) {
    return (
      <StepFrame
        title={`Keywords of ${campaign.name}`}
        intro={`Keywords of ${campaign.market}, with their monthly search volumes, tags and keyword groups. The campaign holds ${format.integer(campaign.keywords)}.`}
        onBack={back}
        next={next(campaign.keywords === 0 ? 'Continue without keywords' : 'Continue')}
      >
        <Paper withBorder p="md">
          <AddKeywords campaign={campaign} />
        </Paper>
        <CampaignKeywordsTable campaign={campaign} />
      </StepFrame>
    );
  }
  if (step === 3) {
    return (
      <StepFrame
        title="Your domain and its competitors"
        intro="Each tracked domain gets its own line in the campaign's charts. Suggestions come from the search results stored for the campaign's keywords."
        onBack={back}
        next={next('Continue')}
      >
        <TrackedDomainsPanel campaign={campaign} />
        <CompetitorSuggestions campaign={campaign} />
      </StepFrame>
    );
  }
  if (step === 4) {
    return (
      <StepFrame
        title="Tags, keyword groups and domain groups"
        intro="Tags and keyword groups come with the keywords (rename or remove them here); a domain group measures several tracked domains as one."
        onBack={back}
        next={next('Continue')}
      >
        <DomainGroupsPanel campaign={campaign} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <LabelsPanel campaign={campaign} kind="tag" />
          <LabelsPanel campaign={campaign} kind="keyword-group" />
        </SimpleGrid>
      </StepFrame>
    );
  }
  return (
    <StepFrame
      title="Check rankings on a schedule"
      intro="Check the keywords' rankings daily or weekly through a SERP provider; the cost is estimated before anything runs. You can set this up later on the campaign's page."
      onBack={back}
      next={
        <Group gap="xs">
          <Button variant="default" onClick={finish}>
            Skip
          </Button>
          <Button onClick={finish}>Open campaign visibility</Button>
        </Group>
      }
    >
      <RankChecksPanel campaignId={campaign.id} />
    </StepFrame>
  );
}

export function NewCampaignPage() {
  const href = useHref();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [search, setSearch] = useSearchParams();
  const campaignParam = Number(search.get('campaign'));
  // The campaign this wizard created stays its campaign when the browser goes back to an earlier address.
  const [created, setCreated] = useState<number | null>(null);
  const inAddress = Number.isInteger(campaignParam) && campaignParam > 0;
  const campaignId = inAddress ? campaignParam : created;
  const query = useCampaign(campaignId);
  const currentProject = useProjectStore((s) => s.currentProjectId);
  const setCurrentProject = useProjectStore((s) => s.setCurrentProject);
  const [projectId, setProjectId] = useState<number | null>(null);
  const campaign = query.data ?? null;
  const chosenProject = projectId ?? campaign?.projectId ?? currentProject;
  // Without a campaign only the first two steps exist, and the second needs a project.
  const requested = Number(search.get('step') ?? (inAddress ? FIRST_CAMPAIGN_STEP : 0));
  const last = campaignId !== null ? STEPS.length - 1 : chosenProject !== null ? 1 : 0;
  const step = Math.min(Math.max(0, Number.isInteger(requested) ? requested : 0), last);
  useBreadcrumb([{ label: 'Campaigns', href: href('/campaigns') }, { label: 'New campaign' }]);

  // Each step is a history entry (the browser's back goes a step back); the entry of the market step is
  // replaced by the campaign's once it exists.
  const go = (next: number, id: number | null = campaignId) =>
    setSearch(new URLSearchParams({ ...(id !== null ? { campaign: String(id) } : {}), step: String(next) }), {
      replace: id !== campaignId,
    });
  const finish = () => navigate(href(`/${campaignId}/competitive-analysis/cv`));

  let body: ReactNode;
  if (campaignId !== null && query.isPending) body = <TableSkeleton rows={5} columns={3} />;
  else if (campaignId !== null && query.isError) {
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <EmptyView
          title="Campaign not found"
          action={
            <Anchor component={Link} to={href('/campaigns/new')} size="sm">
              Start a new campaign
            </Anchor>
          }
        >
          The campaign this set-up was for no longer exists in your organisation.
        </EmptyView>
      ) : (
        <ErrorView
          title="The campaign could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      );
  } else if (step === 0) {
    body = (
      <ProjectStep
        projectId={chosenProject}
        campaign={campaign}
        onDone={(id) => {
          setProjectId(id);
          setCurrentProject(id);
          go(1);
        }}
      />
    );
  } else if (step === 1) {
    body = (
      <CampaignStep
        projectId={chosenProject!}
        campaign={campaign}
        onBack={() => go(0)}
        onDone={(id) => {
          setCurrentProject(chosenProject);
          setCreated(id);
          go(FIRST_CAMPAIGN_STEP, id);
        }}
      />
    );
  } else {
    body = <CampaignSteps step={step} campaign={campaign!} go={(s) => go(s)} finish={finish} />;
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={campaign === null ? 'New campaign' : `Set up ${campaign.name}`}
        description="A campaign is a keyword set in one market, with your domain, its competitors and their groups."
        actions={
          campaign !== null && (
            <Anchor component={Link} to={href(`/campaigns/${campaign.id}`)} size="sm">
              Campaign page
            </Anchor>
          )
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        {wide ? (
          <Stepper
            active={step}
            onStepClick={(s) => go(s)}
            allowNextStepsSelect={campaign !== null}
            size="sm"
            wrap={false}
          >
            {STEPS.map((s, i) => (
              <Stepper.Step
                key={s.label}
                label={s.label}
                description={s.description}
                allowStepSelect={i <= 1 || campaign !== null}
              />
            ))}
          </Stepper>
        ) : (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Step {step + 1} of {STEPS.length}: {STEPS[step]!.label}
            </Text>
            <Progress value={((step + 1) / STEPS.length) * 100} size="sm" aria-label="Set-up progress" />
          </Stack>
        )}
      </Paper>
      {body}
    </Stack>
  );
}
