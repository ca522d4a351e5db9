// Create or edit a task: title, description, status, priority, assignee, due date and links to a campaign,
// keyword, URL or report (the report only for users who may see reports; for others the link is left as is). The server's 400 names the bad field; its message is shown under the form.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { Task } from '@contracts/tasks';
import type { TaskPriority, TaskStatus } from '@core/tasks';
import { describeError } from '../../api/client';
import { useCreateTask, useTaskMembers, useUpdateTask } from '../../api/use-tasks';
import { useCampaigns } from '../../api/use-workspace';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from './task-labels';
import { TaskReportSelect, useCanSeeReports } from './TaskReportLink';

interface Draft {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  assignee: string | null;
  dueDate: string;
  campaign: string | null;
  keyword: string;
  url: string;
  report: string | null;
}

function draftOf(task: Task | null): Draft {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    status: task?.status ?? 'open',
    priority: task?.priority ?? 'normal',
    assignee: task?.assigneeId == null ? null : String(task.assigneeId),
    dueDate: task?.dueDate ?? '',
    campaign: task?.campaignId == null ? null : String(task.campaignId),
    keyword: task?.keyword ?? '',
    url: task?.url ?? '',
    report: task?.reportId == null ? null : String(task.reportId),
  };
}

function TaskForm({ task, onDone }: { task: Task | null; onDone: () => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(task));
  const members = useTaskMembers();
  const campaigns = useCampaigns(null);
  const canSeeReports = useCanSeeReports();
  const create = useCreateTask();
  const update = useUpdateTask();
  const saving = task === null ? create : update;
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((prev) => ({ ...prev, [k]: v }));

  const submit = () => {
    const body = {
      title: d.title,
      description: d.description,
      status: d.status,
      priority: d.priority,
      assigneeId: d.assignee === null ? null : Number(d.assignee),
      dueDate: d.dueDate === '' ? null : d.dueDate,
      campaignId: d.campaign === null ? null : Number(d.campaign),
      keyword: d.keyword,
      url: d.url,
      ...(canSeeReports && { reportId: d.report === null ? null : Number(d.report) }),
    };
    if (task === null) create.mutate(body, { onSuccess: onDone });
    else update.mutate({ id: task.id, patch: body }, { onSuccess: onDone });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Title"
          required
          data-autofocus
          value={d.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          maxLength={200}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          value={d.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={d.status}
            onChange={(v) => v && set('status', v as TaskStatus)}
            allowDeselect={false}
          />
          <Select
            label="Priority"
            data={PRIORITY_OPTIONS}
            value={d.priority}
            onChange={(v) => v && set('priority', v as TaskPriority)}
            allowDeselect={false}
          />
          <Select
            label="Assignee"
            placeholder="Unassigned"
            clearable
            searchable
            data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name || m.email }))}
            value={d.assignee}
            onChange={(v) => set('assignee', v)}
          />
          <TextInput
            label="Due date"
            type="date"
            value={d.dueDate}
            onChange={(e) => set('dueDate', e.currentTarget.value)}
          />
          <Select
            label="Campaign"
            placeholder="None"
            clearable
            searchable
            data={(campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={d.campaign}
            onChange={(v) => set('campaign', v)}
          />
          <TextInput
            label="Keyword"
            value={d.keyword}
            onChange={(e) => set('keyword', e.currentTarget.value)}
          />
          {canSeeReports && <TaskReportSelect value={d.report} onChange={(v) => set('report', v)} />}
        </SimpleGrid>
        <TextInput
          label="URL"
          placeholder="https://"
          value={d.url}
          onChange={(e) => set('url', e.currentTarget.value)}
        />
        {saving.isError && (
          <Alert color="red" variant="light" title="The task was not saved" role="alert">
            {describeError(saving.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {task === null ? 'Create task' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `task` undefined: closed; null: a new task; a task: edit it. */
export function TaskFormModal({ task, onClose }: { task: Task | null | undefined; onClose: () => void }) {
  return (
    <Modal
      opened={task !== undefined}
      onClose={onClose}
      title={task ? 'Edit task' : 'New task'}
      size="lg"
      centered
    >
      {task !== undefined && <TaskForm key={task?.id ?? 'new'} task={task} onDone={onClose} />}
    </Modal>
  );
}
