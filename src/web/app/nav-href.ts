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

export function navItemHref(item: NavItem, ctx: NavContext, locale: Locale): string | null {
  if (!item.route.startsWith('/')) return localisePath(`/${item.route}`, locale);
  const values: Record<string, string | null> = {
    project: ctx.projectId === null ? null : String(ctx.projectId),
    projectId: ctx.projectId === null ? null : String(ctx.projectId),
    market: ctx.market,
    host: ctx.host,
    campaignId: ctx.campaignId,
  };
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
