// The Schedules panel of a report: its schedules (when, to whom, attached or linked, next run, paused), with
// New / Edit (the form), Pause / Resume, Run now, Send test (to addresses given here), Delete (confirmed) and
// each schedule's delivery log. Mail goes through the organisation's SMTP server (Tasks → Settings).
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import type { ReportSchedule } from '@contracts/report-schedules';
import { describeError } from '../../api/client';
import {
  useDeleteSchedule,
  useReportSchedules,
  useSaveSchedule,
  useSendSchedule,
} from '../../api/use-report-schedules';
import { useFormat } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { ConfirmModal } from '../../components/ConfirmModal';
import { CardsSkeleton, EmptyView, ErrorView } from '../../components/StateViews';
import { DeliveryLog } from './DeliveryLog';
import { ScheduleModal } from './ScheduleModal';
import { scheduleText } from './schedule-text';

function TestSendModal({
  schedule,
  email,
  onClose,
}: {
  schedule: ReportSchedule;
  email: string;
  onClose: () => void;
}) {
  const send = useSendSchedule(schedule.id);
  const [to, setTo] = useState<string[]>([email]);
  // An address typed but not yet turned into a tag is still sent.
  const [typing, setTyping] = useState('');
  const recipients = typing.trim() === '' ? to : [...to, typing.trim()];
  return (
    <Modal opened onClose={onClose} title="Send a test" centered>
      <Stack gap="sm">
        <Text size="sm">
          Generates the report now and mails it, marked as a test, to these addresses only.
        </Text>
        <TagsInput
          label="Recipients"
          splitChars={[',', ' ', ';']}
          value={to}
          onChange={setTo}
          searchValue={typing}
          onSearchChange={setTyping}
        />
        {send.isError && (
          <Alert color="red" variant="light" role="alert" title="Not sent">
            {describeError(send.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={send.isPending} onClick={() => send.mutate(recipients, { onSuccess: onClose })}>
            Send test
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ScheduleCard({
  s,
  onEdit,
  onTest,
  onDelete,
}: {
  s: ReportSchedule;
  onEdit: () => void;
  onTest: () => void;
  onDelete: () => void;
}) {
  const format = useFormat();
  const save = useSaveSchedule(s.reportId);
  const run = useSendSchedule(s.id);
  const [logOpen, setLogOpen] = useState(false);
  const toggle = () =>
    save.mutate({
      id: s.id,
      body: {
        frequency: s.frequency,
        weekday: s.weekday,
        dayOfMonth: s.dayOfMonth,
        time: s.time,
        timeZone: s.timeZone,
        recipients: s.recipients,
        delivery: s.delivery,
        enabled: !s.enabled,
      },
    });
  const error = save.error ?? run.error;
  return (
    <Paper withBorder p="xs" data-schedule={s.id} data-enabled={s.enabled}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {scheduleText(s)}
          </Text>
          <Group gap={4}>
            <Badge size="sm" variant="light" color={s.delivery === 'attach' ? 'blue' : 'grape'}>
              {s.delivery === 'attach' ? 'PDF attached' : 'link'}
            </Badge>
            {!s.enabled && (
              <Badge size="sm" variant="light" color="gray">
                paused
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          To {s.recipients.join(', ')}
        </Text>
        <Text size="xs" c="dimmed">
          {s.nextRunAt === null
            ? 'Paused: no next run.'
            : `Next run ${format.dateTime(s.nextRunAt)} (your time)`}
        </Text>
        <Group gap={6} wrap="wrap">
          <Button size="compact-xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button size="compact-xs" variant="default" loading={save.isPending} onClick={toggle}>
            {s.enabled ? 'Pause' : 'Resume'}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            loading={run.isPending}
            onClick={() => {
              setLogOpen(true);
              run.mutate(null);
            }}
          >
            Run now
          </Button>
          <Button size="compact-xs" variant="default" onClick={onTest}>
            Send test
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setLogOpen((o) => !o)}
            aria-expanded={logOpen}
          >
            {logOpen ? 'Hide log' : 'Delivery log'}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Group>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {describeError(error)}
          </Alert>
        )}
        {logOpen && <DeliveryLog scheduleId={s.id} reportId={s.reportId} />}
      </Stack>
    </Paper>
  );
}

export function ReportSchedules({ reportId }: { reportId: number }) {
  const list = useReportSchedules(reportId);
  const remove = useDeleteSchedule(reportId);
  const { user } = useSession();
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const [testing, setTesting] = useState<ReportSchedule | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const email = user.email;
  return (
    <Paper withBorder p="md" data-report-schedules={reportId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={16}>
            Schedules
          </Title>
          <Button variant="default" onClick={() => setEditing('new')}>
            New schedule
          </Button>
        </Group>
        {list.isPending && <CardsSkeleton count={1} />}
        {list.isError && (
          <ErrorView
            title="The schedules could not be read"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data?.items.length === 0 && (
          <EmptyView title="No schedule yet">
            Mail this report daily, weekly or monthly, with the PDF attached or linked, through your
            organisation’s SMTP server (an administrator sets it under Tasks → Settings).
          </EmptyView>
        )}
        {list.data?.items.map((s) => (
          <ScheduleCard
            key={s.id}
            s={s}
            onEdit={() => setEditing(s)}
            onTest={() => setTesting(s)}
            onDelete={() => {
              remove.reset();
              setDeleting(s);
            }}
          />
        ))}
      </Stack>
      {editing !== null && (
        <ScheduleModal
          reportId={reportId}
          schedule={editing === 'new' ? null : editing}
          email={email}
          onClose={() => setEditing(null)}
        />
      )}
      {testing !== null && (
        <TestSendModal schedule={testing} email={email} onClose={() => setTesting(null)} />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this schedule?"
        confirmLabel="Delete schedule"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting && `${scheduleText(deleting)} to ${deleting.recipients.join(', ')}`} stops, and its delivery
        log is deleted. Reports already sent stay in Generated reports.
      </ConfirmModal>
    </Paper>
  );
}
