// API tokens for scripts: the user's tokens (name, scope, dates, status), a form to make one (name, read or
// read-write, expiry), the new secret shown once with a copy button (the server keeps only its hash), and
// revoking with a confirmation, because scripts using the token stop working at once.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Code, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  API_TOKEN_MAX_DAYS,
  createApiTokenRequest,
  type ApiTokenBody,
  type CreateApiTokenResponse,
} from '@contracts/api-tokens';
import { describeError } from '../../api/client';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/use-api-tokens';
import { LifeStatusBadge } from '../../components/LifeStatusBadge';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { useFormat } from '../route-context';

const SCOPES = [
  { value: 'read', label: 'Read only' },
  { value: 'write', label: 'Read and write' },
];
const EXPIRY_CHOICES = [
  ...[7, 30, 90, API_TOKEN_MAX_DAYS].map((d) => ({ value: String(d), label: `${d} days` })),
  { value: 'never', label: 'Never' },
];

function NewSecret({ created, onDone }: { created: CreateApiTokenResponse; onDone: () => void }) {
  return (
    <Stack gap="xs">
      <Alert color="orange" variant="light" title={`Token “${created.token.name}” created`} role="status">
        Copy it now: it is shown only this once. Send it as the header{' '}
        <Code>Authorization: Bearer {'<token>'}</Code>; anyone who has it acts as you
        {created.token.scope === 'read' ? ' (read only)' : ''}.
      </Alert>
      <OneTimeSecret value={created.secret} copyLabel="Copy the new API token" testId="api-token-secret" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          I have copied it
        </Button>
      </Group>
    </Stack>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: CreateApiTokenResponse) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState('read');
  const [expiry, setExpiry] = useState('90');
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiTokenRequest.safeParse({
      name,
      scope,
      expiresInDays: expiry === 'never' ? null : Number(expiry),
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'check the name';
      setNameError(message.charAt(0).toUpperCase() + message.slice(1));
      return;
    }
    setNameError(null);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New API token">
      <Stack gap="xs">
        <Group align="flex-start" gap="xs" grow>
          <TextInput
            label="Name"
            placeholder="nightly export"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            required
          />
          <Select
            label="Scope"
            data={SCOPES}
            value={scope}
            onChange={(v) => setScope(v ?? 'read')}
            allowDeselect={false}
          />
          <Select
            label="Expires after"
            data={EXPIRY_CHOICES}
            value={expiry}
            onChange={(v) => setExpiry(v ?? '90')}
            allowDeselect={false}
          />
        </Group>
        {create.isError && (
          <Alert color="red" variant="light" title="The token was not created" role="alert">
            {describeError(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RevokeConfirm({ token, onDone }: { token: ApiTokenBody; onDone: () => void }) {
  const revoke = useRevokeApiToken();
  return (
    <Alert color="red" variant="light" title={`Revoke “${token.name}”?`} role="alertdialog">
      <Stack gap="xs">
        <Text size="sm">Scripts that send this token are refused from now on. This cannot be undone.</Text>
        {revoke.isError && (
          <Text size="sm" c="red" role="alert">
            {describeError(revoke.error)}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            Keep it
          </Button>
          <Button
            color="red"
            size="xs"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(token.id, { onSuccess: onDone })}
          >
            Revoke token
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TokenList({ enabled, onRevoke }: { enabled: boolean; onRevoke: (token: ApiTokenBody) => void }) {
  const f = useFormat();
  const tokens = useApiTokens(enabled);
  if (tokens.isPending) return <TableSkeleton columns={6} rows={2} />;
  if (tokens.isError) {
    return (
      <ErrorView
        title="Your API tokens could not be loaded"
        error={tokens.error}
        onRetry={() => void tokens.refetch()}
      />
    );
  }
  if (tokens.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        You have no API tokens yet.
      </Text>
    );
  }
  return (
    <Table aria-label="Your API tokens" fz="sm" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Scope</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Last used</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.data.items.map((t) => (
          <Table.Tr key={t.id} data-testid={`api-token-${t.id}`}>
            <Table.Td>{t.name}</Table.Td>
            <Table.Td>{t.scope === 'read' ? 'Read only' : 'Read and write'}</Table.Td>
            <Table.Td>{f.date(t.createdAt)}</Table.Td>
            <Table.Td>{t.expiresAt === null ? 'Never' : f.date(t.expiresAt)}</Table.Td>
            <Table.Td>{t.lastUsedAt === null ? 'Never' : f.dateTime(t.lastUsedAt)}</Table.Td>
            <Table.Td>
              <LifeStatusBadge status={t.status} />
            </Table.Td>
            <Table.Td>
              {t.status === 'active' && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onRevoke(t)}
                  aria-label={`Revoke the API token ${t.name}`}
                >
                  Revoke
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ApiTokensModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenBody | null>(null);

  // Closing forgets the secret: it is never shown again.
  const close = () => {
    onClose();
    setCreated(null);
    setRevoking(null);
  };

  return (
    <Modal opened={opened} onClose={close} title="API tokens" centered size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A token lets a script call the Sightline API as you, with your roles, in your organisation.
          Read-only tokens may only read. Revoke a token as soon as nothing needs it.
        </Text>
        {created ? (
          <NewSecret created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateForm onCreated={setCreated} />
        )}
        {revoking && <RevokeConfirm token={revoking} onDone={() => setRevoking(null)} />}
        <TokenList enabled={opened} onRevoke={setRevoking} />
      </Stack>
    </Modal>
  );
}
