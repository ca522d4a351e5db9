// The Alerts view of the Rank Tracking screen (issue 29 item 7): the campaign's alert rules (add, edit,
// delete after a confirmation) and the alerts they fired, newest first. Rules are evaluated on the two latest
// snapshots after each import or rank check; fired alerts also reach the header's notification list.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AlertRuleDto } from '@contracts/alerts';
import type { RtTableResponse } from '@contracts/rank-tracking';
import { ALERT_RULE_LABELS } from '@core/alerts';
import { useAlertEvents, useAlertRules, useDeleteAlertRule } from '../../api/use-alerts';
import { useFormat } from '../../app/route-context';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { ConfirmModal } from '../../components/ConfirmModal';
import { AlertRuleModal } from './AlertRuleModal';

/** The rule's condition in words, e.g. "drops ≥ 5 positions · tag brand". */
function conditionOf(r: AlertRuleDto): string {
  const what =
    r.kind === 'drop'
      ? `drops ≥ ${r.threshold} positions`
      : r.kind === 'enter-top'
        ? `enters the top ${r.threshold}`
        : r.kind === 'leave-top'
          ? `leaves the top ${r.threshold}`
          : r.kind === 'competitor-top'
            ? `${r.competitor ?? 'any competitor'} enters the top ${r.threshold}`
            : `visibility drops ≥ ${r.threshold} %`;
  return r.tag === null ? what : `${what} · tag ${r.tag}`;
}

function RulesTable({ campaign, onEdit }: { campaign: number; onEdit: (rule: AlertRuleDto) => void }) {
  const rules = useAlertRules(campaign);
  const remove = useDeleteAlertRule(campaign);
  const [deleting, setDeleting] = useState<AlertRuleDto | null>(null);
  if (rules.isPending) return <TableSkeleton rows={3} columns={3} />;
  if (rules.isError)
    return (
      <ErrorView
        title="Alert rules could not be loaded"
        error={rules.error}
        onRetry={() => void rules.refetch()}
      />
    );
  if (rules.data.length === 0)
    return (
      <EmptyView title="No alert rules yet">
        Add a rule to be told when a keyword drops, enters or leaves the top N, a competitor enters the top 3,
        or your visibility falls.
      </EmptyView>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label="Alert rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Alert when</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>
                  <Text size="sm">{conditionOf(r)}</Text>
                  <Text size="xs" c="dimmed">
                    {ALERT_RULE_LABELS[r.kind]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onEdit(r)}
                      aria-label={`Edit ${r.name}`}
                    >
                      Edit
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(r)}
                      aria-label={`Delete ${r.name}`}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete alert rule “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete rule"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        The rule stops firing, and the alerts it fired leave the history and the notification list.
      </ConfirmModal>
    </>
  );
}

function FiredHistory({ campaign }: { campaign: number }) {
  const events = useAlertEvents(campaign);
  const f = useFormat();
  if (events.isPending) return <TableSkeleton rows={4} columns={4} />;
  if (events.isError)
    return (
      <ErrorView
        title="Fired alerts could not be loaded"
        error={events.error}
        onRetry={() => void events.refetch()}
      />
    );
  if (events.data.length === 0)
    return (
      <EmptyView title="No alerts fired yet">
        Rules are checked on the two latest snapshots after each import or rank check.
      </EmptyView>
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped aria-label="Fired alerts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fired</Table.Th>
            <Table.Th>Rule</Table.Th>
            <Table.Th>Alert</Table.Th>
            <Table.Th>Snapshots</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.data.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{f.dateTime(e.firedAt)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{e.ruleName}</Badge>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.message}</Table.Td>
              <Table.Td>
                {e.previousDate} → {e.currentDate}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AlertsView({ campaign, data }: { campaign: number; data: RtTableResponse | undefined }) {
  const [editing, setEditing] = useState<AlertRuleDto | null | 'new'>(null);
  const competitors = (data?.targets ?? []).filter((t) => !t.own);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Alert rules</Title>
          <Button size="xs" onClick={() => setEditing('new')}>
            Add rule
          </Button>
        </Group>
        <RulesTable campaign={campaign} onEdit={setEditing} />
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Fired alerts</Title>
        <FiredHistory campaign={campaign} />
      </Stack>
      <AlertRuleModal
        opened={editing !== null}
        campaign={campaign}
        rule={editing === 'new' ? null : editing}
        tags={data?.tags ?? []}
        competitors={competitors}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
