// The root: theme, query client and router, in that order of nesting (the router holds the modal host). `AppProviders` is the same
// frame without the router, for tests that render one screen.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { useUserStore } from '../state/user-store';
import { createAppRouter } from './router';
import { theme } from './theme';
import { UserStatusBridge } from './UserStatusBridge';

export function newQueryClient(): QueryClient {
  return createQueryClient({ onPaymentRequired: () => useUserStore.getState().reachLimit() });
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <UserStatusBridge />
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function App() {
  const [queryClient] = useState(newQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
