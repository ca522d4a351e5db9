// Sign-in: email and password; the server's reason is shown when it refuses (wrong credentials, disabled
// account, too many attempts). A visitor who is already signed in goes straight on — unless the first start
// is still generating the demo workspace: its progress shows above the form (and, once signed in, alone)
// until it is ready, and its error if it failed.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { loginRequest } from '@contracts/auth';
import { describeError, isApiError } from '../../api/client';
import { useLogin, useMe } from '../../api/use-session';
import { useSetupStatus } from '../../api/use-setup-status';
import { AuthFrame } from '../../components/AuthFrame';
import { safeNext } from '../../lib/safe-next';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { SetupProgress } from './SetupProgress';

function failureText(error: unknown): { title: string; text: string } {
  if (isApiError(error)) {
    if (error.status === 429)
      return {
        title: 'Too many sign-in attempts',
        text: error.serverMessage ? describeError(error) : 'Wait a minute before trying again.',
      };
    if (error.status === 401) return { title: 'Sign-in refused', text: describeError(error) };
    if (error.status === 403) return { title: 'Account disabled', text: describeError(error) };
    if (error.kind === 'network' || error.kind === 'timeout')
      return {
        title: 'Server unreachable',
        text: `${error.message}: check that the Sightline server is running.`,
      };
  }
  return { title: 'Sign-in failed', text: describeError(error) };
}

export function LoginPage() {
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  const me = useMe();
  const login = useLogin();
  const setup = useSetupStatus();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  useBreadcrumb([{ label: 'Sign in' }]);

  const status = setup.data;
  const generating = status?.state === 'generating';
  if (me.isSuccess && !generating) return <Navigate to={next} replace />;
  if (me.isSuccess && status !== undefined) {
    return (
      <AuthFrame title="Signed in" subtitle="Search visibility and competitive analysis">
        <SetupProgress status={status} signedIn />
      </AuthFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequest.safeParse({ email, password });
    if (!parsed.success) {
      const found: { email?: string; password?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'password' ? 'password' : 'email';
        found[field] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // While the demo workspace is generated the page stays, showing its progress, and goes on when ready.
    login.mutate(parsed.data, {
      onSuccess: () => {
        if (!generating) void navigate(next, { replace: true });
      },
    });
  };

  const failure = login.isError ? failureText(login.error) : null;
  return (
    <AuthFrame title="Sign in" subtitle="Search visibility and competitive analysis">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {status && <SetupProgress status={status} signedIn={false} />}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
          />
          {failure && (
            <Alert color="red" variant="light" title={failure.title} role="alert">
              {failure.text}
            </Alert>
          )}
          <Button type="submit" loading={login.isPending} fullWidth mt="xs">
            Sign in
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Accounts are created by invitation. No account yet? Ask an administrator of your organisation.
          </Text>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/demo">
              Try the demo: see how visible any domain is, no account needed
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
