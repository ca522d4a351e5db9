// SET_UP_A_CALL: name, email, company and preferred time for a call with the team; the caller's onSubmit
// sends it. On success the dialog closes and THANK_YOU opens; on failure the error stays in the dialog.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { describeError } from '../api/client';
import { useModalStore } from './modal-store';
import type { CallRequest } from './modal-store';
import { useModalSlot } from './use-modal-slot';

export const PREFERRED_TIMES = [
  { value: 'morning', label: 'Morning (09:00–12:00)' },
  { value: 'afternoon', label: 'Afternoon (12:00–17:00)' },
  { value: 'any', label: 'Any time in working hours' },
];

const callRequest = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'Enter an email address such as analyst@example.com' })),
  company: z.string().trim().min(1, 'Enter your company'),
  preferredTime: z.string().min(1, 'Choose a time'),
});

const EMPTY: CallRequest = { name: '', email: '', company: '', preferredTime: '' };

export function SetUpCallModal() {
  const { opened, data, close } = useModalSlot('SET_UP_A_CALL');
  const openModal = useModalStore((s) => s.open);
  const [values, setValues] = useState<CallRequest>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CallRequest, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof CallRequest) => (value: string | null) =>
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
                <Radio key={t.value} value={t.value} label={t.label} size="xs" />
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
