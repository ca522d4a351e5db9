// The reads of a dashboard share link's page (features/dashboard/SharedDashboardApp): once a token is set,
// every GET of the app's API is sent as `/api/v1/shared-dashboards/{token}/read?address=…`, where the server
// answers it only if it is one of the shared dashboard's widgets' reads. The widgets themselves are the
// dashboard's own components, unchanged. Off everywhere else; apiRequest (client.ts) consults it.
import { DASHBOARD_SHARE_API } from '@contracts/dashboard-share-links';

let token: string | null = null;

/** From now on, API reads go through the share link of `shareToken`. */
export function readThroughShareLink(shareToken: string): void {
  token = shareToken;
}

/** `url` as sent: through the share link when one is set (an API GET other than the link's own), else itself. */
export function sharedAddress(url: string, method: string): string {
  if (token === null || method !== 'GET' || !url.startsWith('/api/') || url.startsWith(DASHBOARD_SHARE_API))
    return url;
  return `${DASHBOARD_SHARE_API}/${encodeURIComponent(token)}/read?${new URLSearchParams({ address: url }).toString()}`;
}
