// Change password: the current password and a new one (at least 12 characters, typed twice); the server's
// refusal (wrong current password, same password) is shown in the dialog.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { describeError } from '../../api/client';
import { changePasswordRequest } from '@contracts/auth';
import { useChangePassword } from '../../api/use-session';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useFormFields, type FieldErrors } from '../../lib/use-form-fields';

const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const { fields, errors, setErrors, bind, reset } = useFormFields(EMPTY);
  const [done, setDone] = useState(false);

  const close = () => {
    onClose();
    reset();
    setDone(false);
    change.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordRequest.safeParse(fields);
    const next: FieldErrors<typeof EMPTY> = parsed.success
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
              onChange={bind('currentPassword')}
              error={errors.currentPassword}
              required
              data-autofocus
            />
            <NewPasswordFields
              labels={{ password: 'New password', repeat: 'Repeat new password' }}
              password={{
                value: fields.newPassword,
                onChange: bind('newPassword'),
                error: errors.newPassword,
              }}
              repeat={{ value: fields.repeat, onChange: bind('repeat'), error: errors.repeat }}
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
