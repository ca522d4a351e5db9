// Query keys of every server resource, in one place so that invalidation after a change names the same keys
// the hooks read.
export const sessionKeys = {
  me: ['me'] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

export const setupStatusKeys = {
  status: ['setup-status'] as const,
};

export const apiTokenKeys = {
  mine: ['api-tokens'] as const,
};

export const workspaceKeys = {
  markets: ['markets'] as const,
  projects: ['projects'] as const,
  project: (id: number) => ['projects', id] as const,
  campaignsAll: ['campaigns'] as const,
  campaigns: (projectId: number | null) => ['campaigns', { projectId }] as const,
  campaign: (id: number) => ['campaign', id] as const,
  dashboard: ['dashboard'] as const,
};

export const adminKeys = {
  users: ['admin', 'users'] as const,
  invitations: ['admin', 'invitations'] as const,
};

export const reportKeys = {
  all: ['reports'] as const,
};

export const importKeys = {
  all: ['imports'] as const,
  job: (id: number) => ['imports', id] as const,
};

export const widgetKeys = {
  module: (moduleName: string) => ['widgets', moduleName] as const,
};

export const rankCheckKeys = {
  providers: ['rank-checks', 'providers'] as const,
  campaign: (campaignId: number) => ['rank-checks', 'campaign', campaignId] as const,
};

export const visibilityExplorerKeys = {
  domains: (market: string, host: string, startDate: string | null, endDate: string | null) =>
    ['visibility-explorer', market, host, 'domains', { startDate, endDate }] as const,
  keywords: (market: string, host: string, startDate: string | null, endDate: string | null, page: number) =>
    ['visibility-explorer', market, host, 'ranking/keywords', { startDate, endDate, page }] as const,
  autocomplete: (market: string, text: string) =>
    ['visibility-explorer', market, 'autocomplete', text] as const,
};

export const clusterKeys = {
  list: (kind: string, market: string, host: string, time: string, page: number) =>
    ['clusters', kind, market, host, { time, page }] as const,
};

export const projectVisibilityKeys = {
  summary: (projectId: number, startDate: string | null, endDate: string | null) =>
    ['project-visibility', projectId, 'domains', { startDate, endDate }] as const,
};

export const marketToolKeys = {
  explorer: (market: string, host: string, time: string, page: number) =>
    ['market-explorer', market, host, { time, page }] as const,
  recommendation: (market: string, host: string, time: string, page: number) =>
    ['recommendation', market, host, { time, page }] as const,
};

export const marketShareKeys = {
  overview: (market: string, time: string, host: string | null) =>
    ['market-share', market, 'overview', { time, host }] as const,
  matrix: (market: string, time: string, host: string | null, by: string) =>
    ['market-share', market, 'matrix', { time, host, by }] as const,
};

export const oneToOneKeys = {
  data: (
    market: string,
    hosts: string,
    time: string,
    table: { group: string; sortField: string; sortDirection: string; page: number },
    share: string | null,
  ) => ['one-to-one', market, hosts, { time, share, ...table }] as const,
  shareLinks: ['one-to-one', 'share-links'] as const,
};

export const setupKeys = {
  limits: ['setup', 'limits'] as const,
  keywords: (campaignId: number) => ['campaign-keywords', campaignId] as const,
  keywordPage: (
    campaignId: number,
    filter: { search: string; tag: string | null; group: string | null },
    page: number,
  ) => ['campaign-keywords', campaignId, filter, page] as const,
  marketKeywords: (market: string, search: string, excludeCampaign: number | null) =>
    ['market-keywords', market, { search, excludeCampaign }] as const,
  suggestions: (campaignId: number) => ['competitor-suggestions', campaignId] as const,
  audit: (offset: number, limit: number) => ['admin', 'audit', { offset, limit }] as const,
};

export const annotationKeys = {
  all: ['annotations'] as const,
  list: (campaignId: number | null, from: string | null, to: string | null) =>
    ['annotations', { campaignId, from, to }] as const,
};

export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: ['dashboards', 'list'] as const,
  default: ['dashboards', 'default'] as const,
  one: (id: number) => ['dashboards', id] as const,
};

export const taskKeys = {
  all: ['tasks'] as const,
  list: (filters: Record<string, string | number | null>) => ['tasks', 'list', filters] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  members: ['tasks', 'members'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
};

export const alertKeys = {
  all: ['alerts'] as const,
  rules: (campaignId: number) => ['alerts', 'rules', campaignId] as const,
  events: (campaignId: number) => ['alerts', 'events', campaignId] as const,
};

export const taskSettingsKeys = {
  smtp: ['settings', 'smtp'] as const,
  tasks: ['settings', 'tasks'] as const,
};
