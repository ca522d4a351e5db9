// Which API addresses a dashboard share link may read: exactly those the dashboard's own widgets read, over
// their own scopes — a campaign widget its campaign's visibility endpoints (no exports), a project widget its
// project's visibility, a market-share widget its market (and host), the workspace overview its summary, a
// rank-table widget its campaign's keyword table, a tag-matrix widget its campaign's tag analysis, a Search
// Console totals widget its property's analytics, a tasks widget the task list (the workspace's, or its
// campaign's; not the members list, so a visitor sees no e-mail address), and the time charts the annotations
// they draw. Anything else (another campaign, another market, a list of the
// organisation's users, any write) is refused, so a token opens one dashboard and nothing more.
import type { DashboardWidget } from '@contracts/dashboards';
import { MARKET_SHARE_BASE } from '@contracts/market-share';
import { PV_BASE, PV_ID_PREFIX } from '@contracts/project-visibility';
import { SEARCH_CONSOLE_BASE } from '@contracts/search-console';
import { CV_BASE, RT_BASE, TA_BASE } from '@contracts/paths';

/** Widget types whose chart draws the annotations (the dashboard library's time charts). */
const TIME_CHARTS = new Set<DashboardWidget['type']>([
  'campaign-visibility',
  'project-visibility',
  'market-share',
]);

/** A path segment of letters, digits and dashes: an endpoint's name, never `..` or an encoded slash. */
const SEGMENTS = '(?:/[a-z][a-z0-9-]*)+';
/** Download endpoints are not widgets' reads. */
const EXPORT = /\/(?:csv|xlsx)(?:\/|$)/u;

/** A test of `address` (path and query) against the widgets' reads. */
export function sharedReads(widgets: readonly DashboardWidget[]): (address: string) => boolean {
  const campaigns = new Set<number>();
  const projects = new Set<number>();
  const markets: { market: string; host: string | null }[] = [];
  /** Per own-read widget type, the campaigns it reads. */
  const rankTables = new Set<number>();
  const tagMatrices = new Set<number>();
  const sites = new Set<string>();
  /** The tasks widgets' campaigns; null: the workspace's list. */
  const taskLists = new Set<number | null>();
  let overview = false;
  let annotations = false;
  for (const w of widgets) {
    const s = w.scope;
    if (w.type === 'tasks') taskLists.add(s.kind === 'campaign' ? s.campaignId : null);
    else if (w.type === 'rank-table' && s.kind === 'campaign') rankTables.add(s.campaignId);
    else if (w.type === 'tag-matrix' && s.kind === 'campaign') tagMatrices.add(s.campaignId);
    else if (s.kind === 'campaign') campaigns.add(s.campaignId);
    else if (s.kind === 'project') projects.add(s.projectId);
    else if (s.kind === 'market') markets.push({ market: s.market, host: null });
    else if (s.kind === 'host') markets.push({ market: s.market, host: s.host });
    else if (s.kind === 'search-console') sites.add(s.site);
    else overview = true;
    if (TIME_CHARTS.has(w.type)) annotations = true;
  }
  const cv = new RegExp(`^${CV_BASE}/([1-9]\\d{0,9})${SEGMENTS}$`, 'u');
  const pv = new RegExp(`^${PV_BASE}/(?:${PV_ID_PREFIX})?([1-9]\\d{0,9})${SEGMENTS}$`, 'u');
  const ms = new RegExp(`^${MARKET_SHARE_BASE}/(?:overview|competitive-matrix)$`, 'u');
  const rt = new RegExp(`^${RT_BASE}/([1-9]\\d{0,9})/keywords$`, 'u');
  const ta = new RegExp(`^${TA_BASE}/([1-9]\\d{0,9})$`, 'u');

  return (address: string): boolean => {
    let url: URL;
    try {
      url = new URL(address, 'http://share.invalid');
    } catch {
      return false;
    }
    // The address must be a plain path: no host, no dot segments or encodings the URL parser would resolve.
    if (url.origin !== 'http://share.invalid' || !address.startsWith(url.pathname)) return false;
    const path = url.pathname;
    const q = url.searchParams;
    if (EXPORT.test(path)) return false;
    const c = cv.exec(path);
    if (c !== null) return campaigns.has(Number(c[1]));
    const p = pv.exec(path);
    if (p !== null) return projects.has(Number(p[1]));
    if (ms.test(path)) {
      return markets.some(
        (m) =>
          q.get('market') === m.market && (q.get('host') ?? null) === m.host && q.getAll('host').length <= 1,
      );
    }
    const r = rt.exec(path);
    if (r !== null) return rankTables.has(Number(r[1]));
    const t = ta.exec(path);
    if (t !== null) return tagMatrices.has(Number(t[1]));
    if (path === `${SEARCH_CONSOLE_BASE}/analytics`) {
      const site = q.getAll('site');
      return site.length === 1 && sites.has(site[0]!);
    }
    if (path === '/api/v1/tasks') {
      const campaign = q.getAll('campaign');
      if (campaign.length > 1 || [...q.keys()].some((k) => k !== 'campaign')) return false;
      return taskLists.has(campaign.length === 0 ? null : Number(campaign[0]));
    }
    if (path === '/api/v1/dashboard') return overview;
    if (path === '/api/v1/annotations') {
      const campaign = q.get('campaign');
      return annotations && (campaign === null || campaigns.has(Number(campaign)));
    }
    return false;
  };
}
