// Lets a screen render only for a signed-in user: asks /api/v1/me, sends a signed-out visitor to the sign-in
// page (coming back here afterwards), and copies the session into the stores that hold auth URLs and
// permission flags.
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Center, Container, Loader, Stack, Text } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { AUTH_URLS } from '@contracts/auth';
import type { MeResponse } from '@contracts/auth';
import { isApiError } from '../api/client';
import { useMe } from '../api/use-session';
import { analytics } from '../analytics/analytics-client';
import { ErrorView } from '../components/StateViews';
import { useAuthStore } from '../state/auth-store';
import { SessionContext } from './session-context';

function SessionSync({ me }: { me: MeResponse }) {
  const setAuthUrls = useAuthStore((s) => s.setAuthUrls);
  const setPermissions = useAuthStore((s) => s.setPermissions);
  useEffect(() => {
    setAuthUrls(me.authUrls);
    setPermissions(me.permissions);
  }, [me, setAuthUrls, setPermissions]);
  const { id, organisationId, organisationName } = me.user;
  useEffect(() => {
    analytics.identify(String(id), { organisationId });
    analytics.group(String(organisationId), { name: organisationName });
  }, [id, organisationId, organisationName]);
  return null;
}

export function SessionGate({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return (
      <Center h="100vh">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Checking your session…
          </Text>
        </Stack>
      </Center>
    );
  }
  if (me.isError) {
    if (isApiError(me.error) && me.error.status === 401) {
      const next = location.pathname + location.search;
      return <Navigate to={`${AUTH_URLS.loginUrl}?next=${encodeURIComponent(next)}`} replace />;
    }
    return (
      <Container size="sm" py={80}>
        <ErrorView
          title="Sightline could not check your session"
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      </Container>
    );
  }
  return (
    <SessionContext.Provider value={me.data}>
      <SessionSync me={me.data} />
      {children}
    </SessionContext.Provider>
  );
}
