// The header and the sidebar follow the page being shown. A page that shows one campaign (campaign visibility,
// the campaign's own page) makes the campaign's project and market the header's current ones, so the header
// never names a project or market other than the page's. The sidebar's path templates are filled from that
// selection, the explorer's host coming from the page, its campaign or the current project (explorerHost).
import { useEffect } from 'react';
import { explorerHost } from '@core/navigation';
import { useCampaign, useMarkets, useProject, useProjects } from '../api/use-workspace';
import { useMarketStore } from '../state/market-store';
import { useProjectStore } from '../state/project-store';
import type { NavContext } from './nav-href';
import { useRoute } from './route-context';

/** The campaign id of an address's `campaignId` parameter; null when it is missing or not a positive id. */
export function campaignOfParam(param: string | null): number | null {
  return param !== null && /^[1-9]\d{0,9}$/u.test(param) ? Number(param) : null;
}

/** Makes the campaign of the address, once loaded, set the header's project and market. */
export function usePageSelection(): void {
  const campaign = useCampaign(campaignOfParam(useRoute().params.campaignId)).data;
  const setCurrentProject = useProjectStore((s) => s.setCurrentProject);
  const setMarket = useMarketStore((s) => s.setMarket);
  const projectId = campaign?.projectId;
  const market = campaign?.market;
  useEffect(() => {
    if (projectId !== undefined) setCurrentProject(projectId);
    if (market !== undefined) setMarket(market);
  }, [projectId, market, setCurrentProject, setMarket]);
}

export interface PageNavContext {
  context: NavContext;
  /**
   * True once what the context is made of has answered (or failed): the projects and markets with one of each
   * chosen, and the current project's sites. The sign-in's landing waits for it, so that it opens the
   * explorer on the project's own site rather than on the search page.
   */
  settled: boolean;
}

export function usePageNavContext(): PageNavContext {
  const { params } = useRoute();
  const projectId = useProjectStore((s) => s.currentProjectId);
  const market = useMarketStore((s) => s.market);
  const projects = useProjects();
  const markets = useMarkets();
  const project = useProject(projectId);
  const campaign = useCampaign(campaignOfParam(params.campaignId));
  const host = explorerHost(
    params.host,
    campaign.data?.domains ?? null,
    project.data?.sites.map((s) => s.host) ?? null,
  );
  const chosen = <T>(q: { isError: boolean; data?: { items: T[] } }, value: unknown) =>
    q.isError || (q.data !== undefined && (q.data.items.length === 0 || value !== null));
  const settled =
    chosen(projects, projectId) && chosen(markets, market) && (projectId === null || !project.isPending);
  return { context: { projectId, market, host, campaignId: params.campaignId }, settled };
}
