// Workspace reads every screen needs: markets, projects, campaigns (with tracked domains, domain groups and
// keyword/tag/group counts) and the dashboard's per-market overview. Objects of another organisation are
// answered as "does not exist" (404), never "forbidden", so their existence is not revealed.
import type { z } from 'zod';
import type {
  CampaignDetail,
  CampaignSummary,
  DashboardResponse,
  MarketOverview,
  ProjectDetail,
  marketsResponse,
  projectsResponse,
} from '@contracts/workspace';
import type { Campaign, Project } from '@core/model';
import type { MetaStore, OrganisationMarket } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../auth/session';
import { notFound } from '../http/errors';

type MarketsResponse = z.infer<typeof marketsResponse>;
type ProjectsResponse = z.infer<typeof projectsResponse>;

const projectView = (p: Project) => ({ id: p.id, name: p.name, createdAt: p.createdAt });

export class WorkspaceService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
  ) {}

  /** The organisation's own markets (issue 27: a market belongs to one organisation). */
  async markets(auth: AuthContext): Promise<MarketsResponse> {
    const markets = await this.meta.listMarkets(auth.user.organisationId);
    return {
      items: markets.map(({ code, country, language, device, engine, name }) => ({
        code,
        country,
        language,
        device,
        engine,
        name,
      })),
    };
  }

  async projects(auth: AuthContext): Promise<ProjectsResponse> {
    const projects = await this.meta.listProjects(auth.user.organisationId);
    return { items: projects.map(projectView) };
  }

  async project(auth: AuthContext, id: number): Promise<ProjectDetail> {
    const project = await this.projectOf(auth, id);
    const [sites, campaigns] = await Promise.all([
      this.meta.listSites(project.id),
      this.meta.listCampaigns(auth.user.organisationId, project.id),
    ]);
    return {
      ...projectView(project),
      sites: sites.map((s) => ({ id: s.id, host: s.host })),
      campaigns: await Promise.all(campaigns.map((c) => this.summary(c, project.name))),
    };
  }

  /** Campaigns of the organisation, or of one of its projects (404 when the project is not theirs). */
  async campaigns(auth: AuthContext, projectId?: number): Promise<{ items: CampaignSummary[] }> {
    const org = auth.user.organisationId;
    if (projectId !== undefined) await this.projectOf(auth, projectId);
    const [campaigns, projects] = await Promise.all([
      this.meta.listCampaigns(org, projectId),
      this.meta.listProjects(org),
    ]);
    const names = new Map(projects.map((p) => [p.id, p.name]));
    return { items: await Promise.all(campaigns.map((c) => this.summary(c, names.get(c.projectId) ?? ''))) };
  }

  /** Needs only the user (the CLI acts as one without a session). */
  async campaign(auth: Pick<AuthContext, 'user'>, id: number): Promise<CampaignDetail> {
    const org = auth.user.organisationId;
    const campaign = await this.meta.getCampaign(org, id);
    if (!campaign) throw notFound(`campaign ${id}`);
    const [project, domains, groups, keywords] = await Promise.all([
      this.meta.getProject(org, campaign.projectId),
      this.meta.listTrackedDomains(campaign.id),
      this.meta.listDomainGroups(campaign.id),
      this.rank.campaignKeywordSummary(campaign.id),
    ]);
    return {
      ...this.summaryOf(campaign, project?.name ?? '', domains.length),
      domains: domains.map((d) => ({
        id: d.id,
        value: d.value,
        label: d.label,
        color: d.color,
        isOwn: d.isOwn,
      })),
      domainGroups: groups.map((g) => ({ id: g.id, label: g.label, color: g.color, members: g.members })),
      keywords: keywords.keywords,
      tags: keywords.tags,
      groups: keywords.groups,
    };
  }

  async dashboard(auth: AuthContext): Promise<DashboardResponse> {
    const org = auth.user.organisationId;
    const [organisation, projects, campaigns, users, markets] = await Promise.all([
      this.meta.getOrganisation(org),
      this.meta.listProjects(org),
      this.meta.listCampaigns(org),
      this.meta.listUsers(org),
      this.meta.listMarkets(org),
    ]);
    const overviews: MarketOverview[] = [];
    // One market at a time: the embedded RankStore serves one query at a time anyway.
    for (const market of markets) overviews.push(await this.marketOverview(market));
    return {
      organisationName: organisation?.name ?? '',
      projects: projects.length,
      campaigns: campaigns.length,
      users: users.length,
      markets: overviews,
    };
  }

  private async marketOverview(market: OrganisationMarket): Promise<MarketOverview> {
    const s = await this.rank.marketSummary(market.rankKey);
    const dates = [...s.snapshotDates].sort();
    return {
      market: market.code,
      name: market.name,
      keywords: s.keywords,
      keywordsWithVolume: s.keywordsWithVolume,
      totalSearchVolume: s.totalSearchVolume,
      snapshots: dates.length,
      firstSnapshot: dates[0] ?? null,
      lastSnapshot: dates.at(-1) ?? null,
      serpResults: s.serpResults,
      hosts: s.hosts,
    };
  }

  private async projectOf(auth: AuthContext, id: number): Promise<Project> {
    const project = await this.meta.getProject(auth.user.organisationId, id);
    if (!project) throw notFound(`project ${id}`);
    return project;
  }

  private async summary(c: Campaign, projectName: string): Promise<CampaignSummary> {
    const domains = await this.meta.listTrackedDomains(c.id);
    return this.summaryOf(c, projectName, domains.length);
  }

  private summaryOf(c: Campaign, projectName: string, trackedDomains: number): CampaignSummary {
    return {
      id: c.id,
      projectId: c.projectId,
      projectName,
      name: c.name,
      market: c.market,
      ctrModel: c.ctrModel,
      schedule: c.schedule,
      trackedDomains,
      createdAt: c.createdAt,
    };
  }
}
