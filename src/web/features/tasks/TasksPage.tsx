// Tasks (issue 31 item 6): the organisation's tasks as a list or a board, filtered by status, assignee,
// priority and campaign; create, edit, move and delete; comments and history in a drawer. Detectors add
// tasks after imports and rank checks, marked "Detector" with their evidence.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import type { Task } from '@contracts/tasks';
import type { TaskStatus } from '@core/tasks';
import { describeError } from '../../api/client';
import { useDeleteTask, useTaskMembers, useTasks, useUpdateTask } from '../../api/use-tasks';
import type { TaskFilters } from '../../api/use-tasks';
import { useCampaigns } from '../../api/use-workspace';
import { useSession } from '../../app/session-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { TaskBoard } from './TaskBoard';
import { TaskDrawer } from './TaskDrawer';
import type { TaskNames } from './TaskDrawer';
import { TaskFormModal } from './TaskFormModal';
import { TaskList } from './TaskList';
import { TaskSettingsModal } from './TaskSettingsModal';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from './task-labels';

type View = 'board' | 'list';

function DeleteTaskModal({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const remove = useDeleteTask();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={task !== null}
      title="Delete task"
      confirmLabel="Delete task"
      busy={remove.isPending}
      error={remove.error}
      onClose={close}
      onConfirm={() => task && remove.mutate(task.id, { onSuccess: close })}
    >
      Delete the task <strong>{task?.title}</strong> with its comments? This cannot be undone.
    </ConfirmModal>
  );
}

export function TasksPage() {
  useBreadcrumb([{ label: 'Tasks' }]);
  const { user } = useSession();
  const [view, setView] = useState<View>('board');
  const [filters, setFilters] = useState<TaskFilters>({
    status: null,
    priority: null,
    assignee: null,
    campaign: null,
  });
  const tasks = useTasks(filters);
  const members = useTaskMembers();
  const campaigns = useCampaigns(null);
  const move = useUpdateTask();
  const [search, setSearch] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(null);
  // A notification links here with ?task=ID: open that task, then drop the parameter.
  const linked = Number(search.get('task'));
  useEffect(() => {
    if (!Number.isInteger(linked) || linked <= 0) return;
    setOpenId(linked);
    setSearch(
      (s) => {
        s.delete('task');
        return s;
      },
      { replace: true },
    );
  }, [linked, setSearch]);
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const isAdmin = user.roles.includes('ROLE_ADMIN');

  const names = useMemo<TaskNames>(() => {
    const people = new Map((members.data ?? []).map((m) => [m.id, m.name || m.email]));
    const camps = new Map((campaigns.data?.items ?? []).map((c) => [c.id, c.name]));
    return {
      person: (id) =>
        id === null ? 'Unassigned' : id === user.id ? 'You' : (people.get(id) ?? `User ${id}`),
      campaign: (id) => (id === null ? null : (camps.get(id) ?? `Campaign ${id}`)),
    };
  }, [members.data, campaigns.data, user.id]);

  const onOpen = useCallback((t: Task) => setOpenId(t.id), []);
  const onMove = useCallback(
    (t: Task, status: TaskStatus) => move.mutate({ id: t.id, patch: { status } }),
    [move],
  );
  const open = tasks.data?.find((t) => t.id === openId) ?? null;
  const set = <K extends keyof TaskFilters>(k: K, v: TaskFilters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const filtered = Object.values(filters).some((v) => v !== null);

  let body;
  if (tasks.isPending) body = <TableSkeleton rows={5} columns={4} />;
  else if (tasks.isError)
    body = (
      <ErrorView title="Tasks could not be loaded" error={tasks.error} onRetry={() => void tasks.refetch()} />
    );
  else if (tasks.data.length === 0 && !filtered)
    body = (
      <EmptyView
        title="No tasks yet"
        action={
          <Button leftSection={<PlusIcon size={14} />} onClick={() => setEditing(null)}>
            New task
          </Button>
        }
      >
        Create one for anything the team has to do, or let the detectors raise them: after each import or rank
        check, a tracked keyword that drops, a lost featured snippet or a new cannibalisation conflict becomes
        a task with its evidence.
      </EmptyView>
    );
  else if (view === 'board')
    body = <TaskBoard tasks={tasks.data} names={names} onOpen={onOpen} onMove={onMove} />;
  else body = <TaskList tasks={tasks.data} names={names} onOpen={onOpen} />;

  return (
    <Stack gap="md">
      <PageHeader
        title="Tasks"
        description="What the team has to do, assigned and tracked; detectors add drops, lost snippets and cannibalisation."
        actions={
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={view}
              onChange={(v) => setView(v as View)}
              data={[
                { value: 'board', label: 'Board' },
                { value: 'list', label: 'List' },
              ]}
              aria-label="View"
            />
            {isAdmin && (
              <Button size="xs" variant="default" onClick={() => setSettingsOpen(true)}>
                Settings
              </Button>
            )}
            <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setEditing(null)}>
              New task
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <Select
          size="xs"
          label="Status"
          placeholder="Any"
          clearable
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(v) => set('status', v)}
        />
        <Select
          size="xs"
          label="Assignee"
          placeholder="Anyone"
          clearable
          searchable
          data={[
            { value: 'none', label: 'Unassigned' },
            ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name || m.email })),
          ]}
          value={filters.assignee}
          onChange={(v) => set('assignee', v)}
        />
        <Select
          size="xs"
          label="Priority"
          placeholder="Any"
          clearable
          data={PRIORITY_OPTIONS}
          value={filters.priority}
          onChange={(v) => set('priority', v)}
        />
        <Select
          size="xs"
          label="Campaign"
          placeholder="Any"
          clearable
          searchable
          data={(campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.campaign === null ? null : String(filters.campaign)}
          onChange={(v) => set('campaign', v === null ? null : Number(v))}
        />
      </SimpleGrid>
      {move.isError && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          onClose={() => move.reset()}
          role="alert"
          title="The task was not moved"
        >
          {describeError(move.error)}
        </Alert>
      )}
      {body}
      <TaskDrawer
        task={open}
        names={names}
        onClose={() => setOpenId(null)}
        onEdit={(t) => setEditing(t)}
        onDelete={(t) => {
          setOpenId(null);
          setDeleting(t);
        }}
      />
      <TaskFormModal task={editing} onClose={() => setEditing(undefined)} />
      <DeleteTaskModal task={deleting} onClose={() => setDeleting(null)} />
      {isAdmin && <TaskSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </Stack>
  );
}
