// Accepting an invitation: shows which organisation and address the link is for, then takes a name and a
// password and signs the new user in. Invalid, used and expired links say so and what to do instead.
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { acceptInvitationRequest } from '@contracts/auth';
import { describeError, isApiError } from '../../api/client';
import { useAcceptInvitation, useInvitationInfo } from '../../api/use-invitation';
import { useFormat, useHref, useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { AuthFrame } from '../../components/AuthFrame';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useFormFields, type FieldErrors } from '../../lib/use-form-fields';

const EMPTY = { name: '', password: '', repeat: '' };

function InvitationForm({ token, email }: { token: string; email: string }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const href = useHref();
  const { fields, errors, setErrors, bind } = useFormFields(EMPTY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = acceptInvitationRequest.safeParse({ token, name: fields.name, password: fields.password });
    const found: FieldErrors<typeof EMPTY> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'name' ? 'name' : 'password';
        found[key] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
      }
    if (fields.repeat !== fields.password) found.repeat = 'The two passwords differ';
    setErrors(found);
    if (!parsed.success || found.repeat) return;
    accept.mutate(parsed.data, { onSuccess: () => void navigate(href('/'), { replace: true }) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Email" value={email} readOnly variant="filled" />
        <TextInput
          label="Your name"
          autoComplete="name"
          value={fields.name}
          onChange={bind('name')}
          error={errors.name}
          required
          autoFocus
        />
        <NewPasswordFields
          labels={{ password: 'Password', repeat: 'Repeat password' }}
          password={{ value: fields.password, onChange: bind('password'), error: errors.password }}
          repeat={{ value: fields.repeat, onChange: bind('repeat'), error: errors.repeat }}
        />
        {accept.isError && (
          <Alert color="red" variant="light" title="The account was not created" role="alert">
            {describeError(accept.error)}
          </Alert>
        )}
        <Button type="submit" loading={accept.isPending} fullWidth mt="xs">
          Create account and sign in
        </Button>
      </Stack>
    </form>
  );
}

export function AcceptInvitationPage() {
  const { match } = useRoute();
  const token = match?.params.token ?? '';
  const info = useInvitationInfo(token);
  const format = useFormat();
  const href = useHref();
  useBreadcrumb([{ label: 'Accept invitation' }]);

  if (info.isPending) {
    return (
      <AuthFrame title="Accept invitation">
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={14} width="80%" />
          <Skeleton height={34} />
          <Skeleton height={34} />
          <Skeleton height={34} />
        </Stack>
      </AuthFrame>
    );
  }
  if (info.isError) {
    const gone = isApiError(info.error) && (info.error.status === 404 || info.error.status === 410);
    return (
      <AuthFrame title={gone ? 'This invitation cannot be used' : 'The invitation could not be checked'}>
        <Stack gap="sm">
          <Alert color={gone ? 'yellow' : 'red'} variant="light" role="alert">
            {describeError(info.error)}
          </Alert>
          {!gone && (
            <Button variant="default" onClick={() => void info.refetch()}>
              Try again
            </Button>
          )}
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={href('/login')}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame
      title={`Join ${info.data.organisationName}`}
      subtitle={`Create your account to accept the invitation. The link works until ${format.dateTime(info.data.expiresAt)}.`}
    >
      <InvitationForm token={token} email={info.data.email} />
    </AuthFrame>
  );
}
