// Addresses of the market-share screen (spec §2): /marketshare/overview/{market}/{time}, the variant with the
// highlighted host (as its registrable domain) in front, and the empty variant that asks for a market.
import type { TimeSpan } from '@core/date-range';
import { parseHostFilter } from '@core/host-match';
import type { Locale } from '@core/locale';
import { buildPath } from '../../routes/match-route';
import { routeByName } from '../../routes/route-table';

export function marketShareHref(
  s: { market: string | null; time?: TimeSpan | null; host?: string | null },
  locale: Locale,
): string {
  if (s.market === null) return buildPath(routeByName('market-share-empty'), {}, locale);
  const params = { market: s.market, time: s.time ?? 'year' };
  return s.host
    ? buildPath(
        routeByName('market-share-host'),
        { ...params, hosts: parseHostFilter(s.host)?.domain ?? s.host },
        locale,
      )
    : buildPath(routeByName('market-share'), params, locale);
}
