// Change password: the current password and a new one (at least 12 characters, typed twice); the server's
// refusal (wrong current password, same password) is shown in the dialog.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { describeError } from '../../api/client';
import { changePasswordRequest } from '@contracts/auth';
import { useChangePassword } from '../../api/use-session';

interface Fields {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

const EMPTY: Fields = { currentPassword: '', newPassword: '', repeat: '' };

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [done, setDone] = useState(false);

  const close = () => {
    onClose();
    setFields(EMPTY);
    setErrors({});
    setDone(false);
    change.reset();
  };
  // Read the value now: React clears the event's currentTarget before a state updater runs.
  const set = (k: keyof Fields) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [k]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordRequest.safeParse(fields);
    const next: Partial<Record<keyof Fields, string>> = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (fields.repeat !== fields.newPassword) next.repeat = 'The two new passwords differ';
    setErrors(next);
    if (!parsed.success || next.repeat) return;
    change.mutate(parsed.data, { onSuccess: () => setDone(true) });
  };

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered size="sm">
      {done ? (
        <Stack>
          <Alert color="teal" variant="light" title="Password changed">
            Use the new password the next time you sign in.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={fields.currentPassword}
              onChange={set('currentPassword')}
              error={errors.currentPassword}
              required
              data-autofocus
            />
            <PasswordInput
              label="New password"
              description="At least 12 characters"
              autoComplete="new-password"
              value={fields.newPassword}
              onChange={set('newPassword')}
              error={errors.newPassword}
              required
            />
            <PasswordInput
              label="Repeat new password"
              autoComplete="new-password"
              value={fields.repeat}
              onChange={set('repeat')}
              error={errors.repeat}
              required
            />
            {change.isError && (
              <Alert color="red" variant="light" title="The password was not changed">
                {describeError(change.error)}
              </Alert>
            )}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
