// Renders the real app (providers, router, route table, session gate) at an address, in memory.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, newQueryClient } from '../app/App';
import { APP_ROUTES } from '../app/router';

export function renderApp(path: string) {
  const router = createMemoryRouter(APP_ROUTES, { initialEntries: [path] });
  const queryClient = newQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
