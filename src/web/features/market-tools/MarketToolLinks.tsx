// Links from another screen (the visibility explorer, and each market-share screen to its siblings) to the
// market-share family of screens (the market share overview first) for a host and market, shown only to
// users who may open them (ROLE_MS_ALL).
import { Link } from 'react-router';
import { Anchor, Group } from '@mantine/core';
import { ONE_TO_ONE_SEGMENT } from '@contracts/one-to-one';
import type { TimeSpan } from '@core/date-range';
import { useRoute } from '../../app/route-context';
import { localisePath } from '../../routes/match-route';
import { useSession } from '../../app/session-context';
import { marketShareHref } from '../market-share/market-share-href';
import { marketToolHref, type MarketToolRoute } from './market-tool-href';

const LABELS: Record<MarketToolRoute, string> = {
  'market-explorer': 'Market explorer',
  recommendation: 'Recommendation',
  'existing-content-cluster': 'Optimise existing content',
  'new-content-cluster': 'New content suggestions',
};

export function MarketToolLinks({
  host,
  market,
  time,
  current,
}: {
  host: string;
  market: string;
  time?: TimeSpan;
  current?: MarketToolRoute | 'market-share' | 'one-to-one';
}) {
  const { locale } = useRoute();
  const { user } = useSession();
  if (!user.roles.includes('ROLE_MS_ALL')) return null;
  const routes = (Object.keys(LABELS) as MarketToolRoute[]).filter((r) => r !== current);
  return (
    <Group gap="md">
      {current !== 'market-share' && (
        <Anchor component={Link} to={marketShareHref({ market, time, host }, locale)} size="sm">
          Market share
        </Anchor>
      )}
      {routes.map((r) => (
        <Anchor key={r} component={Link} to={marketToolHref(r, { host, market, time }, locale)} size="sm">
          {LABELS[r]}
        </Anchor>
      ))}
      {/* The one-to-one screen asks for the second host. */}
      {current !== 'one-to-one' && (
        <Anchor
          component={Link}
          to={localisePath(
            `/${encodeURIComponent(host)}/${time ?? 'year'}/${market}/${ONE_TO_ONE_SEGMENT}`,
            locale,
          )}
          size="sm"
        >
          Compare one-to-one
        </Anchor>
      )}
    </Group>
  );
}
