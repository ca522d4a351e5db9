// Addresses of the market-share family of screens reached by address (market explorer, recommendation,
// content clusters): the route's path with the locale segment and host, market and time in the query string
// (spec §2).
import type { TimeSpan } from '@core/date-range';
import type { Locale } from '@core/locale';
import { buildPath } from '../../routes/match-route';
import { routeByName } from '../../routes/route-table';

export type MarketToolRoute =
  'market-explorer' | 'recommendation' | 'existing-content-cluster' | 'new-content-cluster';

export function marketToolHref(
  route: MarketToolRoute,
  s: { host: string; market: string; time?: TimeSpan },
  locale: Locale,
): string {
  const q = new URLSearchParams({ host: s.host, market: s.market, time: s.time ?? 'year' });
  return `${buildPath(routeByName(route), {}, locale)}?${q}`;
}
