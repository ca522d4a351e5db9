// The list view: a sortable table of tasks (title, status, priority, assignee, due date, campaign); the
// title is a button that opens the task, so the table works from the keyboard.
import { useMemo } from 'react';
import { Anchor, Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Task } from '@contracts/tasks';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EmptyView } from '../../components/StateViews';
import type { TaskNames } from './TaskDrawer';
import { PRIORITY_COLORS, PRIORITY_LABELS, priorityRank, STATUS_COLORS, STATUS_LABELS } from './task-labels';

export function TaskList({
  tasks,
  names,
  onOpen,
}: {
  tasks: Task[];
  names: TaskNames;
  onOpen: (t: Task) => void;
}) {
  const format = useFormat();
  const columns = useMemo<ColumnDef<Task>[]>(
    () => [
      {
        id: 'title',
        header: 'Title',
        accessorFn: (t) => `${t.title} ${t.keyword ?? ''}`,
        cell: ({ row }) => (
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onOpen(row.original)}>
            {row.original.title}
          </Anchor>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (t) => STATUS_LABELS[t.status],
        cell: ({ row }) => (
          <Badge size="sm" variant="light" color={STATUS_COLORS[row.original.status]}>
            {STATUS_LABELS[row.original.status]}
          </Badge>
        ),
      },
      {
        id: 'priority',
        header: 'Priority',
        accessorFn: (t) => priorityRank(t.priority),
        cell: ({ row }) => (
          <Badge size="sm" variant="light" color={PRIORITY_COLORS[row.original.priority]}>
            {PRIORITY_LABELS[row.original.priority]}
          </Badge>
        ),
      },
      { id: 'assignee', header: 'Assignee', accessorFn: (t) => names.person(t.assigneeId) },
      {
        id: 'due',
        header: 'Due',
        // Tasks without a due date sort last.
        accessorFn: (t) => t.dueDate ?? '9999-12-31',
        cell: ({ row }) =>
          row.original.dueDate ? (
            format.date(row.original.dueDate)
          ) : (
            <Text size="xs" c="dimmed">
              —
            </Text>
          ),
      },
      { id: 'campaign', header: 'Campaign', accessorFn: (t) => names.campaign(t.campaignId) ?? '' },
      {
        id: 'updated',
        header: 'Updated',
        accessorFn: (t) => t.updatedAt,
        cell: ({ row }) => format.date(row.original.updatedAt),
      },
    ],
    [format, names, onOpen],
  );
  return (
    <DataTable
      title="Tasks"
      data={tasks}
      columns={columns}
      getRowId={(t) => String(t.id)}
      initialSorting={[{ id: 'updated', desc: true }]}
      filterPlaceholder="Search tasks"
      empty={
        <EmptyView title="No tasks match">Change the filters, or create a task with New task.</EmptyView>
      }
    />
  );
}
