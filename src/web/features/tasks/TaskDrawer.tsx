// One task in a side drawer: its fields and links, a detector's evidence, the comments (with a box to add
// one; @ and a colleague's e-mail address notifies them), the history of changes, and edit / delete.
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { Task } from '@contracts/tasks';
import type { TaskStatus } from '@core/tasks';
import { describeError } from '../../api/client';
import { useAddTaskComment, useTask, useUpdateTask } from '../../api/use-tasks';
import { useFormat } from '../../app/route-context';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { PRIORITY_COLORS, PRIORITY_LABELS, STATUS_LABELS, STATUS_OPTIONS } from './task-labels';
import { TaskReportLink, useCanSeeReports } from './TaskReportLink';

export interface TaskNames {
  person: (id: number | null) => string;
  campaign: (id: number | null) => string | null;
}

function Evidence({ task }: { task: Task }) {
  const e = task.evidence;
  if (e === null) return null;
  const pos = (p: number | null) => (p === null ? 'not ranked' : `#${p}`);
  return (
    <Alert variant="light" color="orange" title="Evidence (raised by a detector)">
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={120}>Keyword</Table.Th>
            <Table.Td>{e.keyword}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{e.previousDate}</Table.Th>
            <Table.Td>{pos(e.previousPosition)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{e.currentDate}</Table.Th>
            <Table.Td>{pos(e.currentPosition)}</Table.Td>
          </Table.Tr>
          {e.url !== null && (
            <Table.Tr>
              <Table.Th>URL</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.url}</Table.Td>
            </Table.Tr>
          )}
          {e.conflict !== undefined && (
            <Table.Tr>
              <Table.Th>Conflict</Table.Th>
              <Table.Td>{e.conflict === 'multiple' ? 'Several URLs rank' : 'Ranking URL changed'}</Table.Td>
            </Table.Tr>
          )}
          {e.urls?.map((u) => (
            <Table.Tr key={`${u.url} ${u.date}`}>
              <Table.Th>
                #{u.position} on {u.date}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.url}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}

function Comments({ taskId, names }: { taskId: number; names: TaskNames }) {
  const detail = useTask(taskId);
  const add = useAddTaskComment();
  const format = useFormat();
  const [body, setBody] = useState('');
  if (detail.isPending) return <TableSkeleton rows={3} columns={1} />;
  if (detail.isError)
    return (
      <ErrorView
        title="Comments could not be loaded"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  const { comments, history } = detail.data;
  return (
    <Stack gap="sm">
      <Title order={3} fz="sm">
        Comments
      </Title>
      {comments.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      )}
      {comments.map((c) => (
        <Stack key={c.id} gap={2}>
          <Text size="xs" c="dimmed">
            {names.person(c.authorId)} · {format.dateTime(c.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.body}
          </Text>
        </Stack>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ id: taskId, body }, { onSuccess: () => setBody('') });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Add a comment"
            description="Mention a colleague with @ and their e-mail address, e.g. @ana@example.com"
            autosize
            minRows={2}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          {add.isError && (
            <Text size="sm" c="red" role="alert">
              {describeError(add.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={add.isPending} disabled={body.trim() === ''}>
              Comment
            </Button>
          </Group>
        </Stack>
      </form>
      {history.length > 0 && (
        <>
          <Divider />
          <Title order={3} fz="sm">
            History
          </Title>
          {history.map((h, i) => (
            <Text key={i} size="xs" c="dimmed">
              {format.dateTime(h.at)} · {names.person(h.actorId)} changed {h.field}: {h.oldValue ?? '—'} →{' '}
              {h.newValue ?? '—'}
            </Text>
          ))}
        </>
      )}
    </Stack>
  );
}

export function TaskDrawer({
  task,
  names,
  onClose,
  onEdit,
  onDelete,
}: {
  task: Task | null;
  names: TaskNames;
  onClose: () => void;
  onEdit: (t: Task) => void;
  onDelete: (t: Task) => void;
}) {
  const update = useUpdateTask();
  const canSeeReports = useCanSeeReports();
  const format = useFormat();
  return (
    <Drawer opened={task !== null} onClose={onClose} position="right" size="md" title="Task">
      {task !== null && (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Title>
            <Group gap="xs">
              <Badge color={PRIORITY_COLORS[task.priority]} variant="light">
                {PRIORITY_LABELS[task.priority]}
              </Badge>
              <Text size="xs" c="dimmed">
                {names.person(task.assigneeId)} ·{' '}
                {task.dueDate ? `due ${format.date(task.dueDate)}` : 'no due date'}
              </Text>
            </Group>
          </Stack>
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={task.status}
            allowDeselect={false}
            onChange={(v) => v && update.mutate({ id: task.id, patch: { status: v as TaskStatus } })}
            aria-label={`Status: ${STATUS_LABELS[task.status]}`}
          />
          {task.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {task.description}
            </Text>
          )}
          <Stack gap={2}>
            {task.campaignId !== null && <Text size="sm">Campaign: {names.campaign(task.campaignId)}</Text>}
            {task.keyword !== null && <Text size="sm">Keyword: {task.keyword}</Text>}
            {task.reportId !== null && canSeeReports && <TaskReportLink reportId={task.reportId} />}
            {task.url !== null && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                URL:{' '}
                <Anchor href={task.url} target="_blank" rel="noreferrer noopener">
                  {task.url}
                </Anchor>
              </Text>
            )}
          </Stack>
          <Evidence task={task} />
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => onEdit(task)}>
              Edit
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(task)}>
              Delete
            </Button>
          </Group>
          <Divider />
          <Comments taskId={task.id} names={names} />
        </Stack>
      )}
    </Drawer>
  );
}
