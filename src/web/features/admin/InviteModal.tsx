// Invite a user: a dialog taking an email and the roles they get. After the server creates the invitation
// the dialog shows its link once, with a copy button, because the server keeps only the link's hash.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { inviteRequest } from '@contracts/admin';
import { ROLE_DESCRIPTIONS, ROLES } from '@core/roles';
import type { Role } from '@core/roles';
import { describeError } from '../../api/client';
import { useInviteUser } from '../../api/use-admin';
import { useFormat } from '../../app/route-context';
import { MailIcon } from '../../components/icons';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { ROLE_SHORT_LABELS } from './role-labels';

interface Created {
  email: string;
  url: string;
  expiresAt: string;
}

/** The link as the invitee must open it: absolute, even when the server answers with a path. */
export function absoluteUrl(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : new URL(url, origin).toString();
}

function InviteLink({ created, onDone }: { created: Created; onDone: () => void }) {
  const format = useFormat();
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" title={`Invitation for ${created.email} created`} role="status">
        Send them this link. It is shown only now, and works until {format.dateTime(created.expiresAt)}.
      </Alert>
      <OneTimeSecret value={created.url} copyLabel="Copy invitation link" testId="invite-url" />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  const close = () => {
    onClose();
    setEmail('');
    setRoles([]);
    setEmailError(null);
    setCreated(null);
    invite.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteRequest.safeParse({ email, roles });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setEmailError(
        issue ? issue.message.charAt(0).toUpperCase() + issue.message.slice(1) : 'Check the email address',
      );
      return;
    }
    setEmailError(null);
    invite.mutate(parsed.data, {
      onSuccess: (res) =>
        setCreated({
          email: res.invitation.email,
          url: absoluteUrl(res.inviteUrl, window.location.origin),
          expiresAt: res.invitation.expiresAt,
        }),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite a user" centered size="lg">
      {created ? (
        <InviteLink created={created} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              placeholder="analyst@example.com"
              leftSection={<MailIcon size={14} />}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
              required
              data-autofocus
            />
            <Checkbox.Group
              label="Roles"
              description="What they may open once they accept; you can change this later."
              value={roles}
              onChange={(v) => setRoles(ROLES.filter((r) => v.includes(r)))}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={10} mt={8}>
                {ROLES.map((role) => (
                  <Checkbox
                    key={role}
                    value={role}
                    label={ROLE_SHORT_LABELS[role]}
                    description={
                      ROLE_DESCRIPTIONS[role].toLowerCase() === ROLE_SHORT_LABELS[role].toLowerCase()
                        ? undefined
                        : ROLE_DESCRIPTIONS[role]
                    }
                    size="xs"
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {invite.isError && (
              <Alert color="red" variant="light" title="The invitation was not created" role="alert">
                {describeError(invite.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={invite.isPending}>
                Create invitation
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
