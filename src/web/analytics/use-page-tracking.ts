// Sends a page event whenever the address changes: category = the route's module, name = the route name, and
// the two spec §2 classifications as properties: `area` from the page-name mapping (the three visibility
// homepages) and `screen` recognised from the address alone (explorer and project visibility).
import { useEffect } from 'react';
import { areaOfPage, recogniseScreen } from '@core/navigation';
import type { RouteMatch } from '../routes/match-route';
import type { AnalyticsClient } from './analytics-client';

export function usePageTracking(client: AnalyticsClient, match: RouteMatch | null, pathname: string): void {
  const category = match?.route.module ?? null;
  const name = match?.route.name ?? 'not-found';
  const locale = match?.locale ?? null;
  useEffect(() => {
    client.page(category, name, {
      path: pathname,
      locale,
      area: areaOfPage(name),
      screen: recogniseScreen(pathname),
    });
  }, [client, category, name, pathname, locale]);
}
