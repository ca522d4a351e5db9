// Addresses of sidebar items: a route name ('ranktracking') becomes '/ranktracking'; a path template
// ('/v8/frontend/{project}/faq-explorer') is filled from the current selection, or, when a value it needs is
// not chosen, gives the item's start address (the explorer's search page, with the market) or none.
import type { NavItem } from '@core/navigation';
import type { Locale } from '@core/locale';
import { localisePath } from '../routes/match-route';

export interface NavContext {
  projectId: number | null;
  market: string | null;
  host: string | null;
  campaignId: string | null;
}

/** What each path placeholder asks the user to choose, in the words of the sidebar's hint. */
const CHOICE: Record<string, string> = {
  project: 'a project',
  projectId: 'a project',
  market: 'a market',
  host: 'a domain',
  campaignId: 'a campaign',
};

/** The value of each path placeholder in the current selection; null when not chosen. */
function placeholderValues(ctx: NavContext): Record<string, string | null> {
  const project = ctx.projectId === null ? null : String(ctx.projectId);
  return { project, projectId: project, market: ctx.market, host: ctx.host, campaignId: ctx.campaignId };
}

/** The hint of an item that has no address yet: "Choose a campaign first" for a campaign-scoped screen. */
export function navItemHint(item: NavItem, ctx: NavContext): string {
  const values = placeholderValues(ctx);
  const missing = [...item.route.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1] ?? '')
    .find((name) => values[name] === null || values[name] === undefined);
  return `Choose ${CHOICE[missing ?? ''] ?? 'a project'} first`;
}

export function navItemHref(item: NavItem, ctx: NavContext, locale: Locale): string | null {
  if (!item.route.startsWith('/')) return localisePath(`/${item.route}`, locale);
  const values = placeholderValues(ctx);
  let missing = false;
  const path = item.route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === null || v === undefined) {
      missing = true;
      return '';
    }
    return encodeURIComponent(v);
  });
  if (!missing) return localisePath(path, locale);
  if (item.start === undefined) return null;
  const query = ctx.market === null ? '' : `?${new URLSearchParams({ market: ctx.market }).toString()}`;
  return `${localisePath(item.start, locale)}${query}`;
}
