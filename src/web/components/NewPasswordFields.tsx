// A new password typed twice (at least 12 characters, the server's rule), shared by the change-password dialog
// and the accept-invitation page.
import { PasswordInput } from '@mantine/core';

type Change = (e: { currentTarget: HTMLInputElement }) => void;

export function NewPasswordFields({
  labels,
  password,
  repeat,
}: {
  labels: { password: string; repeat: string };
  password: { value: string; onChange: Change; error: string | undefined };
  repeat: { value: string; onChange: Change; error: string | undefined };
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description="At least 12 characters"
        autoComplete="new-password"
        {...password}
        required
      />
      <PasswordInput label={labels.repeat} autoComplete="new-password" {...repeat} required />
    </>
  );
}
