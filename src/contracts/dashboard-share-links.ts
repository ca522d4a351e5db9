// Read-only share links of a dashboard (issue 31 item 2), the same signed, expiring, revocable token as the
// one-to-one comparison's links (contracts/one-to-one.ts): made, listed and revoked on the dashboard
// (/api/v1/dashboards/{id}/share-links) by whoever may change it; opened without an account at
// /shared/dashboard/{token}, whose widgets read only through the token (/api/v1/shared-dashboards/{token}/read,
// which answers only the addresses that the dashboard's own widgets read).
import { z } from 'zod';
import { idParam } from './common';
import { dashboardWidget } from './dashboards';
import { createShareLinkBody, SHARE_DAY_CHOICES, shareLinkBody } from './one-to-one';

export { SHARE_DAY_CHOICES };

export const DASHBOARD_SHARE_API = '/api/v1/shared-dashboards';

/** The web page of a dashboard share link. */
export const sharedDashboardPath = (token: string): string => `/shared/dashboard/${token}`;

/** A link's life in days, as the comparison's links take it. */
export const createDashboardShareLinkBody = createShareLinkBody.pick({ days: true }).strict();
export type CreateDashboardShareLinkBody = z.infer<typeof createDashboardShareLinkBody>;

/** A link as its list shows it: the comparison's link fields, with the dashboard in place of the hosts. */
export const dashboardShareLink = shareLinkBody
  .omit({ hosts: true, market: true })
  .extend({ dashboardId: z.number().int() });
export type DashboardShareLink = z.infer<typeof dashboardShareLink>;

export const dashboardShareLinksResponse = z.object({ items: z.array(dashboardShareLink) });

export const dashboardShareLinkParams = z.object({ id: idParam, linkId: idParam });

export const shareTokenParams = z.object({
  token: z.string().min(1).max(200, 'not a share token').describe('The share link’s signed token'),
});

/** What a share link opens: the dashboard's name and widgets, each widget's scope in words, who shared it. */
export const sharedDashboard = z.object({
  name: z.string(),
  widgets: z.array(dashboardWidget),
  /** Widget id → what it covers, e.g. `Acme shoes · gb-en`. */
  scopeLabels: z.record(z.string(), z.string()),
  shared: z.object({ organisation: z.string(), expiresAt: z.string() }),
});
export type SharedDashboard = z.infer<typeof sharedDashboard>;

export const sharedReadQuery = z.object({
  address: z
    .string()
    .min(1)
    .max(4000, 'an address of at most 4,000 characters')
    .regex(/^\/api\//u, 'expected an API address such as /api/v3/campaign-visibility/12/domains?…')
    .describe('The API address a widget of the dashboard reads (GET), with its query string'),
});
