// SET_UP_A_CALL: name, email, company and preferred time for a call with the team; the caller's onSubmit
// sends it. On success the dialog closes and THANK_YOU opens; on failure the error stays in the dialog.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { PREFERRED_TIMES, type PreferredTime } from '@contracts/demo';
import { describeError } from '../api/client';
import { useModalStore } from './modal-store';
import { useModalSlot } from './use-modal-slot';

/** Labels of the contract's preferred-time slots, in its order. */
export const PREFERRED_TIME_LABELS: Record<PreferredTime, string> = {
  morning: 'Morning (09:00–12:00)',
  afternoon: 'Afternoon (12:00–17:00)',
  any: 'Any time in working hours',
};

// The dialog's own messages over the server's contract (same limits), so a visitor reads sentence case.
const callRequest = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(200, 'Use at most 200 characters'),
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'Enter an email address such as analyst@example.com' })),
  company: z.string().trim().min(1, 'Enter your company').max(200, 'Use at most 200 characters'),
  preferredTime: z.enum(PREFERRED_TIMES, { error: 'Choose a time' }),
});

interface Values {
  name: string;
  email: string;
  company: string;
  preferredTime: string;
}

const EMPTY: Values = { name: '', email: '', company: '', preferredTime: '' };

export function SetUpCallModal() {
  const { opened, data, close } = useModalSlot('SET_UP_A_CALL');
  const openModal = useModalStore((s) => s.open);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof Values) => (value: string | null) =>
    setValues((v) => ({ ...v, [field]: value ?? '' }));
  const onClose = () => {
    close();
    setValues(EMPTY);
    setErrors({});
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = callRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    if (!data) return;
    setSending(true);
    setFailure(null);
    try {
      await data.onSubmit(parsed.data);
      onClose();
      openModal('THANK_YOU', {
        title: 'Call requested',
        message: `Thank you, ${parsed.data.name}. We will email ${parsed.data.email} to confirm a time.`,
      });
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Set up a call" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Tell us how to reach you and when suits you; we will confirm by email.
          </Text>
          <TextInput
            label="Name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <TextInput
            label="Work email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
            required
          />
          <TextInput
            label="Company"
            autoComplete="organization"
            value={values.company}
            onChange={(e) => set('company')(e.currentTarget.value)}
            error={errors.company}
            required
          />
          <Radio.Group
            label="Preferred time"
            value={values.preferredTime}
            onChange={set('preferredTime')}
            error={errors.preferredTime}
            required
          >
            <Stack gap={6} mt={6}>
              {PREFERRED_TIMES.map((t) => (
                <Radio key={t} value={t} label={PREFERRED_TIME_LABELS[t]} size="xs" />
              ))}
            </Stack>
          </Radio.Group>
          {failure && (
            <Alert color="red" variant="light" title="The request was not sent">
              {failure} Try again, or email your account contact.
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Request call
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
