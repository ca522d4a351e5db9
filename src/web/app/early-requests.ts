// The requests the first draw of the address needs — the session check, the header's projects and markets,
// and the screen's own first data — sent as soon as the app's code starts running (early-boot.ts), with the
// screen's code download, instead of after the session check has answered and the screen has rendered.
// apiRequest hands each answer to the first request for the same address.
import { sendEarlyRequests } from '../api/client';
import { campaignPath, MARKETS_PATH, ME_PATH, PROJECTS_PATH } from '../api/paths';
import { firstAddresses, sendFirstReadsEarly } from '../features/campaign-visibility/first-reads';
import { matchRoute } from '../routes/match-route';
import type { RouteMatch } from '../routes/match-route';
import { REGISTERED_ROUTES } from './built-modules';
import { preloadScreen } from './screens';

/** The campaign of a campaign-visibility address, else null. */
function cvCampaign(match: RouteMatch): number | null {
  if (match.route.name !== 'campaign-visibility') return null;
  const campaign = Number(match.params.campaignId);
  return Number.isInteger(campaign) && campaign > 0 ? campaign : null;
}

/**
 * What to send early for an address: nothing for public pages, redirects and unknown addresses; the session
 * and header data for any screen; the campaign, its filter options and the widgets config on a
 * campaign-visibility address (whose widgets' reads follow once those answer).
 */
export function earlyRequests(pathname: string): {
  screen: string | null;
  campaign: number | null;
  urls: string[];
} {
  const match = matchRoute(pathname, REGISTERED_ROUTES);
  if (match === null || match.route.kind !== 'screen') return { screen: null, campaign: null, urls: [] };
  const campaign = cvCampaign(match);
  const first = campaign === null ? null : firstAddresses(campaign);
  return {
    screen: match.route.name,
    campaign,
    urls: [
      ME_PATH,
      PROJECTS_PATH,
      MARKETS_PATH,
      ...(first === null ? [] : [campaignPath(campaign!), first.options, first.config]),
    ],
  };
}

/** Starts the screen's code download and its early requests (the campaign-visibility widgets' reads too). */
export function startEarlyRequests(pathname: string): void {
  const { screen, campaign, urls } = earlyRequests(pathname);
  if (screen !== null) preloadScreen(screen);
  sendEarlyRequests(urls);
  if (campaign !== null) sendFirstReadsEarly(campaign);
}
