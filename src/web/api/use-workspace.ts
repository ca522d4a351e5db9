// Workspace data every screen reads: markets, projects, one project's detail (its sites), campaigns (all or
// one project's), one campaign's detail and the dashboard overview.
import { useQuery } from '@tanstack/react-query';
import {
  campaignDetail,
  campaignsResponse,
  dashboardResponse,
  marketsResponse,
  projectDetail,
  projectsResponse,
} from '@contracts/workspace';
import { apiRequest } from './client';
import { campaignPath, MARKETS_PATH, projectPath, PROJECTS_PATH } from './paths';
import { workspaceKeys } from './query-keys';

export function useMarkets() {
  return useQuery({
    queryKey: workspaceKeys.markets,
    queryFn: ({ signal }) => apiRequest(MARKETS_PATH, { schema: marketsResponse, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useProjects() {
  return useQuery({
    queryKey: workspaceKeys.projects,
    queryFn: ({ signal }) => apiRequest(PROJECTS_PATH, { schema: projectsResponse, signal }),
  });
}

/** One project with its sites and campaigns; null asks nothing. */
export function useProject(id: number | null) {
  return useQuery({
    queryKey: workspaceKeys.project(id ?? 0),
    queryFn: ({ signal }) => apiRequest(projectPath(id ?? 0), { schema: projectDetail, signal }),
    enabled: id !== null,
  });
}

/** Campaigns of one project, or of every project when `projectId` is null. */
export function useCampaigns(projectId: number | null) {
  return useQuery({
    queryKey: workspaceKeys.campaigns(projectId),
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/campaigns', { query: { projectId }, schema: campaignsResponse, signal }),
  });
}

/** One campaign; null (an address that names no valid id) asks nothing. */
export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: workspaceKeys.campaign(id ?? 0),
    queryFn: ({ signal }) => apiRequest(campaignPath(id ?? 0), { schema: campaignDetail, signal }),
    enabled: id !== null,
  });
}

export function useDashboard() {
  return useQuery({
    queryKey: workspaceKeys.dashboard,
    queryFn: ({ signal }) => apiRequest('/api/v1/dashboard', { schema: dashboardResponse, signal }),
  });
}
