// One campaign and every part of its set-up, editable with ROLE_CV: rename, move or delete the campaign;
// its tracked domains (with competitor suggestions), domain groups, keywords (a virtualised list, added by
// paste, pick or import, removed by selection), keyword tags and groups, its scheduled rank checks and its
// annotations.
// Without ROLE_CV the same tables are shown read-only.
import { useState } from 'react';
import { Anchor, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { CampaignDetail } from '@contracts/workspace';
import { isApiError } from '../../api/client';
import { useDeleteCampaign } from '../../api/use-campaign-setup';
import { useCampaign, useMarkets } from '../../api/use-workspace';
import { useFormat, useHref, useRoute } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { CardsSkeleton, EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { RankChecksPanel } from '../rank-checks/RankChecksPanel';
import { AddKeywords } from '../setup/AddKeywords';
import { CampaignKeywordsTable } from '../setup/CampaignKeywordsTable';
import { CompetitorSuggestions } from '../setup/CompetitorSuggestions';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DomainGroupsPanel } from '../setup/DomainGroupsPanel';
import { LabelsPanel } from '../setup/LabelsPanel';
import { TrackedDomainsPanel } from '../setup/TrackedDomainsPanel';
import { AnnotationsPanel } from './AnnotationsPanel';
import { CampaignEditModal } from './CampaignEditModal';
import { ScheduleBadge } from './CampaignsPage';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" fw={500} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz={20} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

function DeleteCampaignModal({ campaign, onClose }: { campaign: CampaignDetail; onClose: () => void }) {
  const remove = useDeleteCampaign(campaign.id);
  const navigate = useNavigate();
  const href = useHref();
  const format = useFormat();
  return (
    <ConfirmModal
      opened
      title={`Delete campaign “${campaign.name}”?`}
      confirmLabel="Delete campaign"
      busy={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(href('/campaigns')) })}
    >
      Its {format.integer(campaign.keywords)} keywords leave it, and its{' '}
      {format.integer(campaign.domains.length)} tracked domains,{' '}
      {format.integer(campaign.domainGroups.length)} domain groups, rank-check schedule and visibility figures
      are deleted. The search results stored for {campaign.market} stay, for other campaigns and the
      visibility explorer. This cannot be undone.
    </ConfirmModal>
  );
}

function CampaignSetup({ campaign: c, editable }: { campaign: CampaignDetail; editable: boolean }) {
  const format = useFormat();
  const href = useHref();
  const markets = useMarkets();
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'keywords' | null>(null);
  const close = () => setDialog(null);
  const marketName = markets.data?.items.find((m) => m.code === c.market)?.name ?? c.market;
  return (
    <Stack gap="md">
      <PageHeader
        title={c.name}
        description={`${c.projectName} · ${marketName} (${c.market}) · CTR model ${c.ctrModel} · created ${format.date(c.createdAt)}`}
        actions={
          <Group gap={6} justify="flex-end">
            <Anchor component={Link} to={href(`/${c.id}/competitive-analysis/cv`)} size="sm" mr="xs">
              Campaign visibility
            </Anchor>
            <ScheduleBadge schedule={c.schedule} />
            {editable && (
              <>
                <Button size="xs" variant="default" onClick={() => setDialog('edit')}>
                  Edit campaign
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setDialog('delete')}>
                  Delete
                </Button>
              </>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <Fact label="Keywords" value={format.integer(c.keywords)} />
        <Fact label="Tracked domains" value={format.integer(c.domains.length)} />
        <Fact label="Domain groups" value={format.integer(c.domainGroups.length)} />
        <Fact label="Tags" value={format.integer(c.tags.length)} />
        <Fact label="Keyword groups" value={format.integer(c.groups.length)} />
      </SimpleGrid>
      <TrackedDomainsPanel campaign={c} readOnly={!editable} />
      {editable && <CompetitorSuggestions campaign={c} />}
      <DomainGroupsPanel campaign={c} readOnly={!editable} />
      <Stack gap="xs">
        {editable && (
          <Group justify="flex-end">
            <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setDialog('keywords')}>
              Add keywords
            </Button>
          </Group>
        )}
        <CampaignKeywordsTable campaign={c} readOnly={!editable} />
      </Stack>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <LabelsPanel campaign={c} kind="tag" readOnly={!editable} />
        <LabelsPanel campaign={c} kind="keyword-group" readOnly={!editable} />
      </SimpleGrid>
      {editable && <RankChecksPanel campaignId={c.id} />}
      <AnnotationsPanel campaignId={c.id} readOnly={!editable} />
      {dialog === 'edit' && <CampaignEditModal campaign={c} onClose={close} />}
      {dialog === 'delete' && <DeleteCampaignModal campaign={c} onClose={close} />}
      <Modal opened={dialog === 'keywords'} onClose={close} title={`Add keywords to ${c.name}`} size="xl">
        <AddKeywords campaign={c} />
      </Modal>
    </Stack>
  );
}

export function CampaignDetailPage() {
  const { params } = useRoute();
  const id = Number(params.campaignId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCampaign(valid ? id : null);
  const href = useHref();
  const { user } = useSession();
  const name = query.data?.name ?? (valid ? `Campaign ${id}` : 'Campaign');
  useBreadcrumb([{ label: 'Campaigns', href: href('/campaigns') }, { label: name }]);

  const back = (
    <Anchor component={Link} to={href('/campaigns')} size="sm">
      Back to campaigns
    </Anchor>
  );
  if (!valid || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <EmptyView title="Campaign not found" action={back}>
        There is no campaign {valid ? id : `“${params.campaignId ?? ''}”`} in your organisation. It may have
        been deleted, or the address is mistyped.
      </EmptyView>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="md">
        <PageHeader title={name} />
        <CardsSkeleton count={5} />
        <Paper withBorder p="md">
          <TableSkeleton rows={5} columns={3} />
        </Paper>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorView
        title="The campaign could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <CampaignSetup campaign={query.data} editable={user.roles.includes('ROLE_CV')} />;
}
