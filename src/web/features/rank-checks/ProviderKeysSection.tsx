// Administration / SERP provider keys (ROLE_ADMIN): per provider, whether the organisation has a key (its
// last four characters and when it changed, never the key), its price per request, and a field to store a
// new key or remove it. Keys are stored encrypted by the server.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import type { ProviderInfo } from '@contracts/rank-checks';
import { describeError } from '../../api/client';
import { useDeleteProviderKey, useRankCheckProviders, useSaveProviderKey } from '../../api/use-rank-checks';
import { useFormat } from '../../app/route-context';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { usdText } from './rank-check-text';

export function ProviderKeysSection() {
  const query = useRankCheckProviders();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          SERP provider keys
        </Title>
        <Text size="sm" c="dimmed">
          Scheduled rank checks fetch search results with your organisation’s own provider account. Keys are
          stored encrypted and are never shown again; only their last four characters are.
        </Text>
        {query.isPending ? (
          <TableSkeleton rows={4} columns={4} />
        ) : query.isError ? (
          <ErrorView
            title="SERP providers could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          // Scrolls inside its card where the key inputs do not fit (a phone) instead of widening the page.
          <Table.ScrollContainer minWidth={720} type="native">
            <Table aria-label="SERP provider keys" fz="sm" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Provider</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th ta="right">Price per request</Table.Th>
                  <Table.Th>New key</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((p) => (
                  <ProviderRow key={p.id} provider={p} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function ProviderRow({ provider: p }: { provider: ProviderInfo }) {
  const format = useFormat();
  const save = useSaveProviderKey();
  const remove = useDeleteProviderKey();
  const [key, setKey] = useState('');
  const error = save.error ?? remove.error;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500} size="sm">
          {p.label}
        </Text>
      </Table.Td>
      <Table.Td>
        {p.key.set ? (
          <Stack gap={2}>
            <Badge variant="light" color="green" tt="none">
              Set, ends in {p.key.last4}
            </Badge>
            <Text size="xs" c="dimmed">
              changed {format.dateTime(p.key.updatedAt)}
            </Text>
          </Stack>
        ) : (
          <Badge variant="light" color="gray">
            Not set
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {usdText(format, p.priceUsd)}
        {p.costOverrideUsd !== null && (
          <Text size="xs" c="dimmed">
            list price {usdText(format, p.listPriceUsd)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <PasswordInput
              aria-label={`New ${p.label} API key`}
              placeholder={p.keyHint}
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              w={320}
              autoComplete="off"
            />
            <Button
              size="sm"
              disabled={key.trim() === ''}
              loading={save.isPending}
              onClick={() =>
                save.mutate({ provider: p.id, body: { apiKey: key.trim() } }, { onSuccess: () => setKey('') })
              }
            >
              Save
            </Button>
            {p.key.set && (
              <Button
                size="sm"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(p.id)}
              >
                Remove
              </Button>
            )}
          </Group>
          {error !== null && (
            <Alert color="red" p="xs">
              {describeError(error)}
            </Alert>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
