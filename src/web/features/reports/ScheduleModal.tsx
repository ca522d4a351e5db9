// The create / edit form of a report schedule: frequency (daily, weekly on a weekday, monthly on a day), time
// of day and IANA time zone, recipients, the PDF attached or linked, active or paused. The server checks
// every field; its message (naming the field) shows in the dialog, which stays open.
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import type { ReportSchedule } from '@contracts/report-schedules';
import { describeError } from '../../api/client';
import { useSaveSchedule, type ScheduleBody } from '../../api/use-report-schedules';
import { WEEKDAYS } from './schedule-text';

/** Every zone the browser knows, UTC first. */
function timeZones(): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return ['UTC', ...known.filter((z) => z !== 'UTC')];
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function initial(s: ReportSchedule | null, email: string): ScheduleBody {
  return s === null
    ? {
        frequency: 'weekly',
        weekday: 1,
        dayOfMonth: 1,
        time: '08:00',
        timeZone: browserZone(),
        recipients: [email],
        delivery: 'attach',
        enabled: true,
      }
    : {
        frequency: s.frequency,
        weekday: s.weekday ?? 1,
        dayOfMonth: s.dayOfMonth ?? 1,
        time: s.time,
        timeZone: s.timeZone,
        recipients: s.recipients,
        delivery: s.delivery,
        enabled: s.enabled,
      };
}

export function ScheduleModal({
  reportId,
  schedule,
  email,
  onClose,
}: {
  reportId: number;
  /** The schedule to edit; null creates one. */
  schedule: ReportSchedule | null;
  /** The signed-in user's address, the first recipient of a new schedule. */
  email: string;
  onClose: () => void;
}) {
  const save = useSaveSchedule(reportId);
  const [form, setForm] = useState<ScheduleBody>(() => initial(schedule, email));
  // An address typed but not yet turned into a tag (no Enter or comma) is still sent.
  const [typing, setTyping] = useState('');
  const set = (patch: Partial<ScheduleBody>) => setForm((f) => ({ ...f, ...patch }));
  const submit = () =>
    save.mutate(
      {
        id: schedule?.id ?? null,
        body: {
          ...form,
          recipients: typing.trim() === '' ? form.recipients : [...form.recipients, typing.trim()],
          weekday: form.frequency === 'weekly' ? form.weekday : null,
          dayOfMonth: form.frequency === 'monthly' ? form.dayOfMonth : null,
        },
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={schedule === null ? 'New schedule' : 'Edit schedule'} centered>
      <Stack gap="sm" data-schedule-form>
        <SegmentedControl
          aria-label="Frequency"
          value={form.frequency}
          onChange={(v) => set({ frequency: v as ScheduleBody['frequency'] })}
          data={[
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
            { value: 'monthly', label: 'Monthly' },
          ]}
        />
        {form.frequency === 'weekly' && (
          <Select
            label="Weekday"
            data={WEEKDAYS.map((name, i) => ({ value: String(i), label: name }))}
            value={String(form.weekday ?? 1)}
            onChange={(v) => set({ weekday: Number(v ?? 1) })}
            allowDeselect={false}
          />
        )}
        {form.frequency === 'monthly' && (
          <NumberInput
            label="Day of the month"
            description="A day past the month’s end runs on its last day (the 31st → 30 April)."
            min={1}
            max={31}
            value={form.dayOfMonth ?? 1}
            onChange={(v) => set({ dayOfMonth: typeof v === 'number' ? v : Number(v) || 1 })}
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            label="Time"
            type="time"
            value={form.time}
            onChange={(e) => set({ time: e.currentTarget.value })}
          />
          <Select
            label="Time zone"
            searchable
            data={timeZones()}
            value={form.timeZone}
            onChange={(v) => set({ timeZone: v ?? 'UTC' })}
            allowDeselect={false}
          />
        </Group>
        <TagsInput
          label="Recipients"
          description="E-mail addresses; press Enter or type a comma between them."
          splitChars={[',', ' ', ';']}
          value={form.recipients}
          onChange={(v) => set({ recipients: v })}
          searchValue={typing}
          onSearchChange={setTyping}
          clearable
        />
        <SegmentedControl
          aria-label="PDF"
          value={form.delivery}
          onChange={(v) => set({ delivery: v as ScheduleBody['delivery'] })}
          data={[
            { value: 'attach', label: 'Attach the PDF' },
            { value: 'link', label: 'Link to the report' },
          ]}
        />
        <Switch
          label="Active (off: paused)"
          checked={form.enabled ?? true}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {describeError(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
