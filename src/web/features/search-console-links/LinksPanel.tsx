// The properties linked to Search Console connections: a form that picks a ready connection, one of the
// properties its account can read and the search types, and a table of links with each sync's progress (days
// fetched of the days to fetch), the last day stored, rows written, the last error, Sync now and Unlink.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { SEARCH_TYPES, type SearchType } from '@core/search-console-sync';
import type { GscConnectionView, GscLinkView } from '@contracts/search-console-links';
import { describeError } from '../../api/client';
import {
  useCreateGscLink,
  useDeleteGscLink,
  useGscLinks,
  useGscSites,
  useSyncGscLink,
} from '../../api/use-search-console-links';
import { useFormat } from '../../app/route-context';
import { ErrorView, TableSkeleton } from '../../components/StateViews';

const TYPE_LABELS: Record<SearchType, string> = {
  web: 'Web',
  image: 'Image',
  video: 'Video',
  news: 'News',
  discover: 'Discover',
};

export function LinksPanel({ connections }: { connections: GscConnectionView[] }) {
  const links = useGscLinks();
  const format = useFormat();
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Linked properties
      </Text>
      {links.isPending ? (
        <TableSkeleton rows={2} columns={6} />
      ) : links.isError ? (
        <ErrorView
          title="Linked properties could not be loaded"
          error={links.error}
          onRetry={() => void links.refetch()}
        />
      ) : links.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No property linked yet.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={820} type="native">
            <Table aria-label="Linked Search Console properties" fz="sm" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Property</Table.Th>
                  <Table.Th>Search types</Table.Th>
                  <Table.Th>Stored through</Table.Th>
                  <Table.Th>Sync</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.items.map((l) => (
                  <LinkRow key={l.id} link={l} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {links.data.nextSyncAt !== null && (
            <Text size="xs" c="dimmed">
              Every property syncs again {format.dateTime(links.data.nextSyncAt)}.
            </Text>
          )}
        </>
      )}
      <LinkForm connections={connections.filter((c) => c.ready)} />
    </Stack>
  );
}

function LinkRow({ link: l }: { link: GscLinkView }) {
  const format = useFormat();
  const sync = useSyncGscLink();
  const remove = useDeleteGscLink();
  const error = sync.error ?? remove.error;
  const share = l.daysTotal === 0 ? 0 : (l.daysDone / l.daysTotal) * 100;
  return (
    <Table.Tr>
      <Table.Td>{l.siteUrl}</Table.Td>
      <Table.Td>{l.searchTypes.map((t) => TYPE_LABELS[t]).join(', ')}</Table.Td>
      <Table.Td>{l.syncedThrough === null ? '—' : format.date(l.syncedThrough)}</Table.Td>
      <Table.Td miw={220}>
        {l.status === 'running' ? (
          <Stack gap={2}>
            <Progress value={share} size="sm" aria-label={`Sync of ${l.siteUrl}`} />
            <Text size="xs" c="dimmed">
              {format.integer(l.daysDone)} of {format.integer(l.daysTotal)} days
            </Text>
          </Stack>
        ) : l.status === 'failed' ? (
          <Stack gap={2}>
            <Badge color="red" variant="light">
              Failed
            </Badge>
            <Text size="xs" c="red">
              {l.lastError}
            </Text>
          </Stack>
        ) : (
          <Text size="xs" c="dimmed">
            {l.lastSyncAt === null ? 'not synced yet' : `synced ${format.dateTime(l.lastSyncAt)}`}
          </Text>
        )}
        {error !== null && (
          <Text size="xs" c="red">
            {describeError(error)}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{format.integer(l.rowsWritten)}</Table.Td>
      <Table.Td ta="right">
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            disabled={l.status === 'running'}
            loading={sync.isPending}
            onClick={() => sync.mutate(l.id)}
          >
            Sync now
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={l.status === 'running'}
            loading={remove.isPending}
            onClick={() => remove.mutate(l.id)}
            aria-label={`Unlink ${l.siteUrl}`}
          >
            Unlink
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function LinkForm({ connections }: { connections: GscConnectionView[] }) {
  const [connection, setConnection] = useState<string | null>(null);
  const [site, setSite] = useState<string | null>(null);
  const [types, setTypes] = useState<string[]>(['web']);
  const connectionId = connection === null ? null : Number(connection);
  const sites = useGscSites(connectionId);
  const create = useCreateGscLink();
  if (connections.length === 0) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="Connection"
          data={connections.map((c) => ({ value: String(c.id), label: c.label }))}
          value={connection}
          onChange={(v) => {
            setConnection(v);
            setSite(null);
          }}
          w={280}
          allowDeselect={false}
        />
        <Select
          label="Property"
          data={(sites.data?.items ?? []).map((s) => s.siteUrl)}
          value={site}
          onChange={setSite}
          disabled={connectionId === null || sites.isPending}
          placeholder={sites.isFetching ? 'Asking Google…' : undefined}
          w={300}
          searchable
          nothingFoundMessage="The account can read no such property"
        />
        <Button
          disabled={connectionId === null || site === null || types.length === 0}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { connectionId: connectionId!, siteUrl: site!, searchTypes: types as SearchType[] },
              { onSuccess: () => setSite(null) },
            )
          }
        >
          Link and fetch 16 months
        </Button>
      </Group>
      <Checkbox.Group label="Search types" value={types} onChange={setTypes}>
        <Group gap="md" mt={4}>
          {SEARCH_TYPES.map((t) => (
            <Checkbox key={t} value={t} label={TYPE_LABELS[t]} />
          ))}
        </Group>
      </Checkbox.Group>
      {sites.isError && (
        <Alert color="red" p="xs">
          {describeError(sites.error)}
        </Alert>
      )}
      {create.error !== null && (
        <Alert color="red" p="xs">
          {describeError(create.error)}
        </Alert>
      )}
    </Stack>
  );
}
