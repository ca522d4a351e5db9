// One campaign: its tracked domains (colour, own or competitor), domain groups with their members, keyword
// count, keyword tags and groups with their counts, and (ROLE_CV) its scheduled rank checks.
import { useMemo } from 'react';
import { Anchor, Badge, ColorSwatch, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { CampaignDetail } from '@contracts/workspace';
import { isApiError } from '../../api/client';
import { useCampaign, useMarkets } from '../../api/use-workspace';
import { useFormat, useHref, useRoute } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import type { Formatters } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { CardsSkeleton, EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { RankChecksPanel } from '../rank-checks/RankChecksPanel';
import { ScheduleBadge } from './CampaignsPage';

type Domain = CampaignDetail['domains'][number];
type DomainGroup = CampaignDetail['domainGroups'][number];
type TagCount = CampaignDetail['tags'][number];
type GroupCount = CampaignDetail['groups'][number];

const domainColumns: ColumnDef<Domain>[] = [
  {
    id: 'color',
    header: 'Colour',
    enableSorting: false,
    cell: ({ row }) => (
      <ColorSwatch
        color={row.original.color}
        size={14}
        radius={3}
        withShadow={false}
        aria-label={`colour ${row.original.color}`}
      />
    ),
    meta: { width: 64 },
  },
  {
    id: 'label',
    header: 'Domain',
    accessorFn: (d) => d.label,
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {row.original.label}
        </Text>
        {row.original.label !== row.original.value && (
          <Text size="xs" c="dimmed" ff="monospace">
            {row.original.value}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'role',
    header: 'Role',
    accessorFn: (d) => (d.isOwn ? 'Own' : 'Competitor'),
    cell: ({ row }) =>
      row.original.isOwn ? (
        <Badge size="sm" variant="light" color="teal">
          Own
        </Badge>
      ) : (
        <Badge size="sm" variant="light" color="gray">
          Competitor
        </Badge>
      ),
  },
];

const groupColumns: ColumnDef<DomainGroup>[] = [
  {
    id: 'label',
    header: 'Group',
    accessorFn: (g) => g.label,
    cell: ({ row }) => (
      <Group gap={8} wrap="nowrap">
        <ColorSwatch color={row.original.color} size={14} radius={3} withShadow={false} />
        <Text size="sm" fw={500}>
          {row.original.label}
        </Text>
      </Group>
    ),
  },
  {
    id: 'members',
    header: 'Members',
    accessorFn: (g) => g.members.join(' '),
    enableSorting: false,
    cell: ({ row }) => (
      <Group gap={4}>
        {row.original.members.map((m) => (
          <Badge key={m} size="sm" variant="outline" color="gray" tt="none" fw={400}>
            {m}
          </Badge>
        ))}
      </Group>
    ),
  },
];

function countColumns<T extends TagCount | GroupCount>(
  label: string,
  key: 'tag' | 'group',
  format: Formatters,
): ColumnDef<T>[] {
  return [
    {
      id: key,
      header: label,
      accessorFn: (r) => (key === 'tag' ? (r as TagCount).tag : (r as GroupCount).group),
    },
    {
      id: 'keywords',
      header: 'Keywords',
      accessorFn: (r) => r.keywords,
      cell: ({ row }) => format.integer(row.original.keywords),
      meta: { numeric: true },
    },
  ];
}

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

export function CampaignDetailPage() {
  const { params } = useRoute();
  const id = Number(params.campaignId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCampaign(valid ? id : null);
  const markets = useMarkets();
  const format = useFormat();
  const href = useHref();
  const { user } = useSession();
  const tagColumns = useMemo(() => countColumns<TagCount>('Tag', 'tag', format), [format]);
  const keywordGroupColumns = useMemo(
    () => countColumns<GroupCount>('Keyword group', 'group', format),
    [format],
  );
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
  const c = query.data;
  const marketName = markets.data?.items.find((m) => m.code === c.market)?.name ?? c.market;
  return (
    <Stack gap="md">
      <PageHeader
        title={c.name}
        description={`${c.projectName} · ${marketName} (${c.market}) · created ${format.date(c.createdAt)}`}
        actions={
          <Group gap={6}>
            <Anchor component={Link} to={href(`/${c.id}/competitive-analysis/cv`)} size="sm" mr="xs">
              Campaign visibility
            </Anchor>
            <ScheduleBadge schedule={c.schedule} />
            <Badge size="sm" variant="outline" color="gray" tt="none">
              CTR model: {c.ctrModel}
            </Badge>
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
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <DataTable
          title="Tracked domains"
          data={c.domains}
          columns={domainColumns}
          glossary="campaignDomains"
          getRowId={(d) => String(d.id)}
          empty={
            <EmptyView title="No tracked domains">
              This campaign follows no domain yet. Add your own domain and its competitors to compare their
              visibility.
            </EmptyView>
          }
        />
        <DataTable
          title="Domain groups"
          data={c.domainGroups}
          columns={groupColumns}
          glossary="domainGroups"
          getRowId={(g) => String(g.id)}
          empty={
            <EmptyView title="No domain groups">
              Groups measure several tracked domains as one, such as all retail competitors; this campaign has
              none.
            </EmptyView>
          }
        />
        <DataTable
          title="Keyword tags"
          data={c.tags}
          columns={tagColumns}
          glossary="keywordTags"
          getRowId={(t) => t.tag}
          initialSorting={[{ id: 'keywords', desc: true }]}
          filterPlaceholder={c.tags.length > 10 ? 'Filter tags' : undefined}
          empty={
            <EmptyView title="No tags">
              None of this campaign’s keywords carries a tag. Tags are set when keywords are imported.
            </EmptyView>
          }
        />
        <DataTable
          title="Keyword groups"
          data={c.groups}
          columns={keywordGroupColumns}
          glossary="keywordGroups"
          getRowId={(g) => g.group}
          initialSorting={[{ id: 'keywords', desc: true }]}
          filterPlaceholder={c.groups.length > 10 ? 'Filter groups' : undefined}
          empty={
            <EmptyView title="No keyword groups">
              None of this campaign’s keywords is in a group. Groups are set when keywords are imported.
            </EmptyView>
          }
        />
      </SimpleGrid>
      {user.roles.includes('ROLE_CV') && <RankChecksPanel campaignId={c.id} />}
    </Stack>
  );
}
