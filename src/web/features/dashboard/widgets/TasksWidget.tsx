// The tasks widget: the open tasks (open and in progress) of the workspace or of one campaign — title,
// status, priority, assignee and due date, the most urgent first, then the earliest due — read through the
// Tasks screen's own list and members hooks, with its status and priority words and colours.
import { useMemo } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import type { Task } from '@contracts/tasks';
import { useTaskMembers, useTasks } from '../../../api/use-tasks';
import { useFormat } from '../../../app/route-context';
import { WidgetFrame } from '../../campaign-visibility/widgets/WidgetFrame';
import {
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  priorityRank,
  STATUS_COLORS,
  STATUS_LABELS,
} from '../../tasks/task-labels';
import { queryState } from './ScopeWidgets';

/** A badge keeps its whole word: a narrow cell wraps the title instead of cutting "Urgent" to "Urge…". */
const WHOLE = { minWidth: 'max-content' } as const;

/** Urgent first, then the earliest due (no due date last), then the oldest. */
function byUrgency(a: Task, b: Task): number {
  return (
    priorityRank(b.priority) - priorityRank(a.priority) ||
    (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
    a.id - b.id
  );
}

export function TasksWidget({ id, campaignId }: { id: string; campaignId: number | null }) {
  const f = useFormat();
  const q = useTasks({ status: null, priority: null, assignee: null, campaign: campaignId });
  const members = useTaskMembers();
  const open = useMemo(() => q.data?.filter((t) => t.status !== 'done').sort(byUrgency), [q.data]);
  const person = useMemo(() => {
    const people = new Map((members.data ?? []).map((m) => [m.id, m.name || m.email]));
    return (uid: number | null) => (uid === null ? 'Unassigned' : (people.get(uid) ?? `User ${uid}`));
  }, [members.data]);
  // The assignees' names are part of the drawing: wait for them (a report snapshot holds them too).
  const state = members.isPending && !members.isError ? 'loading' : queryState(q, () => open?.length === 0);
  return (
    <WidgetFrame
      id={id}
      title="Open tasks"
      description={`${open?.length ?? 0} open or in progress${campaignId === null ? ' in the workspace' : ' for the campaign'}, most urgent first`}
      state={state}
      error={q.error}
      onRetry={() => void q.refetch()}
      emptyText="No open task: every task is done, or none was raised yet."
      chartData={
        open
          ? {
              columns: ['title', 'status', 'priority', 'assignee', 'due'],
              rows: open.map((t) => [t.title, t.status, t.priority, person(t.assigneeId), t.dueDate]),
            }
          : null
      }
    >
      {open && (
        <Table striped fz="sm" aria-label="Open tasks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Priority</Table.Th>
              <Table.Th>Assignee</Table.Th>
              <Table.Th>Due</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {open.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td miw={140} style={{ overflowWrap: 'break-word' }}>
                  {t.title}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLORS[t.status]} style={WHOLE}>
                    {STATUS_LABELS[t.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={PRIORITY_COLORS[t.priority]} style={WHOLE}>
                    {PRIORITY_LABELS[t.priority]}
                  </Badge>
                </Table.Td>
                <Table.Td>{person(t.assigneeId)}</Table.Td>
                <Table.Td>
                  {t.dueDate ? (
                    f.date(t.dueDate)
                  ) : (
                    <Text span size="xs" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </WidgetFrame>
  );
}
