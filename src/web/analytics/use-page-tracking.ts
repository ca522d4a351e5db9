// Sends a page event whenever the address changes: category = the route's module, name = the route name.
import { useEffect } from 'react';
import type { RouteMatch } from '../routes/match-route';
import type { AnalyticsClient } from './analytics-client';

export function usePageTracking(client: AnalyticsClient, match: RouteMatch | null, pathname: string): void {
  const category = match?.route.module ?? null;
  const name = match?.route.name ?? 'not-found';
  const locale = match?.locale ?? null;
  useEffect(() => {
    client.page(category, name, { path: pathname, locale });
  }, [client, category, name, pathname, locale]);
}
