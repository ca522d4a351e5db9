// The requests the first draw of the address needs — the session check, the header's projects and markets,
// and the screen's own first data — sent by the early entry (early-boot.ts) while the main bundle is still
// being fetched and compiled, instead of after the session check has answered and the screen has rendered.
// apiRequest hands each answer to the first request for the same address. Everything imported here stays
// light (no zod, no React): with it, the early entry is 16 KB (e2e/entry.test.ts holds it under a bound).
import { sendEarlyRequests } from '../api/early-registry';
import { campaignPath, MARKETS_PATH, ME_PATH, PROJECTS_PATH } from '../api/paths';
import { firstAddresses } from '../features/campaign-visibility/first-addresses';
import { matchRoute } from '../routes/match-route';
import type { RouteMatch } from '../routes/match-route';
import { REGISTERED_ROUTES } from './built-modules';

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

/** Sends the early requests of `pathname`; returns its screen and campaign (earlyRequests). */
export function startEarlyRequests(pathname: string): { screen: string | null; campaign: number | null } {
  const { screen, campaign, urls } = earlyRequests(pathname);
  sendEarlyRequests(urls);
  return { screen, campaign };
}
