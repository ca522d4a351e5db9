// The one check of a widget's scope, for a dashboard's widgets and a report's widget blocks alike: its
// campaign, project, or market (one where the organisation has a campaign) must be the organisation's, and a
// Search Console property one the organisation has rows of, or the request is a 404 naming it — so no widget
// reads another organisation's data, and none is saved that could only ever show an error.
import type { WidgetScope } from '@contracts/dashboards';
import type { MetaStore } from '@storage/meta-store';
import { notFound } from '../../http/errors';

/** Whether the organisation has Search Console rows of the site (imported or synced). */
export type SearchConsoleSiteCheck = (organisationId: number, site: string) => Promise<boolean>;

export async function requireWidgetScopes(
  meta: MetaStore,
  hasSite: SearchConsoleSiteCheck,
  org: number,
  widgets: readonly { id: string; scope?: WidgetScope | undefined }[],
): Promise<void> {
  let markets: Set<string> | null = null;
  for (const w of widgets) {
    const s = w.scope;
    if (s === undefined) continue;
    if (s.kind === 'campaign' && !(await meta.getCampaign(org, s.campaignId))) {
      throw notFound(`campaign ${s.campaignId} (widget ${w.id})`);
    }
    if (s.kind === 'project' && !(await meta.getProject(org, s.projectId))) {
      throw notFound(`project ${s.projectId} (widget ${w.id})`);
    }
    if (s.kind === 'market' || s.kind === 'host') {
      // Market share reads a market only where one of the organisation's campaigns is.
      markets ??= new Set((await meta.listCampaigns(org)).map((c) => c.market));
      if (!markets.has(s.market)) throw notFound(`market ${s.market} (widget ${w.id})`);
    }
    if (s.kind === 'search-console' && !(await hasSite(org, s.site))) {
      throw notFound(
        `Search Console data of site ${s.site} (widget ${w.id}): import or sync the property's rows first, or pick a site listed under Search Console`,
      );
    }
  }
}
