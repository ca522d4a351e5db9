// Workspace data every screen needs: markets, projects, campaigns with their tracked domains, and the
// dashboard's workspace overview.
import { z } from 'zod';
import { isoDate } from './common';

export const market = z.object({
  code: z.string(),
  country: z.string(),
  language: z.string(),
  device: z.enum(['desktop', 'mobile']),
  engine: z.literal('google'),
  name: z.string(),
});
export const marketsResponse = z.object({ items: z.array(market) });

export const project = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() });
export const projectsResponse = z.object({ items: z.array(project) });

export const trackedDomain = z.object({
  id: z.number().int(),
  value: z.string(),
  label: z.string(),
  color: z.string(),
  isOwn: z.boolean(),
});
export const domainGroup = z.object({
  id: z.number().int(),
  label: z.string(),
  color: z.string(),
  members: z.array(z.string()),
});

export const campaignSummary = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  name: z.string(),
  market: z.string(),
  ctrModel: z.string(),
  schedule: z.enum(['daily', 'weekly']).nullable(),
  trackedDomains: z.number().int(),
  createdAt: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;
export const campaignsResponse = z.object({ items: z.array(campaignSummary) });

/** One project with its sites and campaigns (GET /api/v1/projects/:id). */
export const projectDetail = project.extend({
  sites: z.array(z.object({ id: z.number().int(), host: z.string() })),
  campaigns: z.array(campaignSummary),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const campaignDetail = campaignSummary.extend({
  domains: z.array(trackedDomain),
  domainGroups: z.array(domainGroup),
  keywords: z.number().int(),
  tags: z.array(z.object({ tag: z.string(), keywords: z.number().int() })),
  groups: z.array(z.object({ group: z.string(), keywords: z.number().int() })),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

export const marketOverview = z.object({
  market: z.string(),
  name: z.string(),
  keywords: z.number().int(),
  keywordsWithVolume: z.number().int(),
  totalSearchVolume: z.number(),
  snapshots: z.number().int(),
  firstSnapshot: isoDate.nullable(),
  lastSnapshot: isoDate.nullable(),
  serpResults: z.number().int(),
  hosts: z.number().int(),
});

export type MarketOverview = z.infer<typeof marketOverview>;

export const dashboardResponse = z.object({
  organisationName: z.string(),
  projects: z.number().int(),
  campaigns: z.number().int(),
  users: z.number().int(),
  markets: z.array(marketOverview),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
