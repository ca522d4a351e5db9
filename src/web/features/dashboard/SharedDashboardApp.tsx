// The page of a dashboard share link (/shared/dashboard/{token}), opened without an account: no shell,
// sidebar or session — the dashboard's name, who shared it and until when, and its widgets on the read-only
// grid, each drawn by its own component and reading only through the token (api/share-transport.ts), so the
// page shows this dashboard and nothing else. A bad, expired or revoked link says so and what to do.
import { useState } from 'react';
import { Alert, Group, MantineProvider, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isoDateInZone } from '@core/date-range';
import { describeError, isApiError } from '../../api/client';
import { readThroughShareLink } from '../../api/share-transport';
import { useSharedDashboard } from '../../api/use-dashboard-share-links';
import { useFormat } from '../../app/route-context';
import { theme } from '../../app/theme';
import { CardsSkeleton, EmptyView } from '../../components/StateViews';
import { DashboardGrid } from './DashboardGrid';

export const SHARED_DASHBOARD_PATH = /^\/shared\/dashboard\/([A-Za-z0-9._-]{1,200})\/?$/;

const noLayout = () => undefined;

function SharedDashboard({ token }: { token: string }) {
  const f = useFormat();
  const q = useSharedDashboard(token);
  if (q.isPending) return <CardsSkeleton count={4} />;
  if (q.isError) {
    const status = isApiError(q.error) ? q.error.status : null;
    return (
      <Alert
        color={status === 410 ? 'yellow' : 'red'}
        title={status === 410 ? 'This share link no longer works' : 'This share link cannot be opened'}
        data-testid="shared-dashboard-error"
      >
        {describeError(q.error)}
      </Alert>
    );
  }
  const d = q.data;
  document.title = `${d.name} · shared read-only`;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Title order={2}>{d.name}</Title>
        <Text size="sm" c="dimmed" data-testid="shared-line">
          Shared read-only by {d.shared.organisation} · expires {f.dateTime(d.shared.expiresAt)}
        </Text>
      </Group>
      {d.widgets.length === 0 ? (
        <Paper withBorder>
          <EmptyView title="No widgets">This shared dashboard holds no widgets.</EmptyView>
        </Paper>
      ) : (
        <DashboardGrid
          widgets={d.widgets}
          today={isoDateInZone(new Date())}
          scopeLabel={(w) => d.scopeLabels[w.id] ?? ''}
          actions={null}
          onLayout={noLayout}
        />
      )}
      <Text size="xs" c="dimmed">
        Made with Sightline. The figures are read when the page opens.
      </Text>
    </Stack>
  );
}

export function SharedDashboardApp({ token }: { token: string }) {
  const [client] = useState(() => {
    // Before the first read: every widget reads through the token.
    readThroughShareLink(token);
    return new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    });
  });
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        <main style={{ maxWidth: 1400, margin: '0 auto', padding: 16 }}>
          <SharedDashboard token={token} />
        </main>
      </QueryClientProvider>
    </MantineProvider>
  );
}
