// Administration / Search Console (issue 30 item 1, ROLE_ADMIN): the organisation's connections to Google —
// its own OAuth client (the browser goes to Google's consent page and comes back here) or a service-account
// key — and the properties linked through them, with each sync's progress, the last day stored and the next
// daily sync. Secrets are stored encrypted by the server and never shown again.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { GscConnectionView } from '@contracts/search-console-links';
import { describeError } from '../../api/client';
import {
  useCreateOAuthConnection,
  useCreateServiceAccountConnection,
  useDeleteGscConnection,
  useGscConnections,
} from '../../api/use-search-console-links';
import { useFormat } from '../../app/route-context';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { LinksPanel } from './LinksPanel';

export function SearchConsoleSection() {
  const query = useGscConnections();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Search Console
        </Title>
        <Text size="sm" c="dimmed">
          Connect Google Search Console with your own OAuth client or a service account, then link a property:
          Sightline stores its last 16 months of clicks and impressions by day, query, page, country and
          device, and adds each new day every morning. Stored days stay after Google forgets them.
        </Text>
        {query.isPending ? (
          <TableSkeleton rows={2} columns={4} />
        ) : query.isError ? (
          <ErrorView
            title="Search Console connections could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            <ConnectionsTable items={query.data.items} />
            <ConnectForm redirectUri={query.data.redirectUri} />
            <LinksPanel connections={query.data.items} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ConnectionsTable({ items }: { items: GscConnectionView[] }) {
  const format = useFormat();
  const remove = useDeleteGscConnection();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No connection yet: add one below.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table aria-label="Search Console connections" fz="sm" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Connection</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.label}</Table.Td>
              <Table.Td>{c.kind === 'oauth' ? 'OAuth client' : 'Service account'}</Table.Td>
              <Table.Td>
                {c.ready ? (
                  <Badge color="green" variant="light">
                    Ready
                  </Badge>
                ) : (
                  <Badge color="yellow" variant="light" tt="none">
                    Waiting for Google’s consent page: delete and connect again
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{format.dateTime(c.createdAt)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={() => remove.mutate(c.id)}
                  aria-label={`Delete connection ${c.label}`}
                >
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {remove.error !== null && (
        <Alert color="red" p="xs">
          {describeError(remove.error)}
        </Alert>
      )}
    </Table.ScrollContainer>
  );
}

function ConnectForm({ redirectUri }: { redirectUri: string }) {
  const [kind, setKind] = useState<'oauth' | 'service-account'>('oauth');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [key, setKey] = useState('');
  const oauth = useCreateOAuthConnection();
  const sa = useCreateServiceAccountConnection();
  const error = kind === 'oauth' ? oauth.error : sa.error;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Add a connection
      </Text>
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(v === 'oauth' ? 'oauth' : 'service-account')}
        data={[
          { value: 'oauth', label: 'Your OAuth client' },
          { value: 'service-account', label: 'Service-account key' },
        ]}
        w="fit-content"
        size="xs"
      />
      {kind === 'oauth' ? (
        <>
          <Text size="xs" c="dimmed">
            In Google Cloud, create an OAuth client of type “Web application” with this authorised redirect
            URI: <Code>{redirectUri}</Code>. Google then asks you to grant read access to Search Console.
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="Client id"
              value={clientId}
              onChange={(e) => setClientId(e.currentTarget.value)}
              placeholder="1234-abc.apps.googleusercontent.com"
              w={320}
              autoComplete="off"
            />
            <PasswordInput
              label="Client secret"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.currentTarget.value)}
              w={240}
              autoComplete="off"
            />
            <Button
              disabled={clientId.trim() === '' || clientSecret.trim() === ''}
              loading={oauth.isPending}
              onClick={() =>
                oauth.mutate(
                  { clientId: clientId.trim(), clientSecret: clientSecret.trim() },
                  { onSuccess: (r) => window.location.assign(r.consentUrl) },
                )
              }
            >
              Connect with Google
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            Paste the JSON key of a service account, and add the account’s e-mail as a user of the property in
            Search Console. Google is asked for a token before the key is stored.
          </Text>
          <Textarea
            label="Service-account JSON key"
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            placeholder='{"type": "service_account", "client_email": …, "private_key": …}'
            autosize
            minRows={3}
            maxRows={8}
            ff="monospace"
            autoComplete="off"
          />
          <Group>
            <Button
              disabled={key.trim() === ''}
              loading={sa.isPending}
              onClick={() => sa.mutate(key.trim(), { onSuccess: () => setKey('') })}
            >
              Connect service account
            </Button>
          </Group>
        </>
      )}
      {error !== null && (
        <Alert color="red" p="xs">
          {describeError(error)}
        </Alert>
      )}
    </Stack>
  );
}
