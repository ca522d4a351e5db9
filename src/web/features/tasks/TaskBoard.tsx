// The board view: one column per status, a card per task. A card moves with its "Move" menu or, when
// focused, with ← and → (Enter opens it); no drag library is needed, and the keyboard path works everywhere.
import type { KeyboardEvent } from 'react';
import { ActionIcon, Badge, Group, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Task } from '@contracts/tasks';
import { TASK_STATUSES } from '@core/tasks';
import type { TaskStatus } from '@core/tasks';
import { useFormat } from '../../app/route-context';
import { ChevronDownIcon } from '../../components/icons';
import type { TaskNames } from './TaskDrawer';
import {
  neighbourStatus,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
} from './task-labels';

function TaskCard({
  task,
  names,
  onOpen,
  onMove,
}: {
  task: Task;
  names: TaskNames;
  onOpen: (t: Task) => void;
  onMove: (t: Task, status: TaskStatus) => void;
}) {
  const format = useFormat();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter') onOpen(task);
    const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = neighbourStatus(task.status, step);
    if (next !== null) onMove(task, next);
  };
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      tabIndex={0}
      role="button"
      aria-label={`${task.title}: ${STATUS_LABELS[task.status]}. Enter opens it; left and right arrows move it.`}
      data-task-id={task.id}
      onClick={() => onOpen(task)}
      onKeyDown={onKeyDown}
      style={{ cursor: 'pointer' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Move ${task.title}`}
              onClick={(e) => e.stopPropagation()}
            >
              <ChevronDownIcon size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Label>Move to</Menu.Label>
            {TASK_STATUSES.filter((s) => s !== task.status).map((s) => (
              <Menu.Item key={s} onClick={() => onMove(task, s)}>
                {STATUS_LABELS[s]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group gap={6} mt={6}>
        <Badge size="xs" variant="light" color={PRIORITY_COLORS[task.priority]}>
          {PRIORITY_LABELS[task.priority]}
        </Badge>
        {task.source !== 'manual' && (
          <Badge size="xs" variant="outline" color="orange">
            Detector
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {names.person(task.assigneeId)}
          {task.dueDate ? ` · due ${format.date(task.dueDate)}` : ''}
        </Text>
      </Group>
    </Paper>
  );
}

export function TaskBoard({
  tasks,
  names,
  onOpen,
  onMove,
}: {
  tasks: Task[];
  names: TaskNames;
  onOpen: (t: Task) => void;
  onMove: (t: Task, status: TaskStatus) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {TASK_STATUSES.map((status) => {
        const column = tasks.filter((t) => t.status === status);
        return (
          <Paper
            key={status}
            p="sm"
            bg="var(--mantine-color-gray-0)"
            radius="md"
            aria-label={STATUS_LABELS[status]}
            component="section"
          >
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="sm">
                {STATUS_LABELS[status]}
              </Title>
              <Badge size="sm" variant="light" color={STATUS_COLORS[status]}>
                {column.length}
              </Badge>
            </Group>
            <Stack gap="xs" data-column={status}>
              {column.length === 0 && (
                <Text size="xs" c="dimmed" ta="center" py="md">
                  No tasks
                </Text>
              )}
              {column.map((t) => (
                <TaskCard key={t.id} task={t} names={names} onOpen={onOpen} onMove={onMove} />
              ))}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
