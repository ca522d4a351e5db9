// The addresses of the GET requests that more than one module builds: the data hooks, and the early requests
// sent at boot (app/early-requests.ts), which must ask for exactly the address the hook will ask for. Kept
// light (no zod, no core filters) for the early entry; the campaign-visibility query strings are cv-paths.ts.
import { CV_BASE, WIDGETS_PATH } from '@contracts/paths';

export const ME_PATH = '/api/v1/me';
export const PROJECTS_PATH = '/api/v1/projects';
export const MARKETS_PATH = '/api/v1/markets';

export const campaignPath = (id: number): string => `/api/v1/campaigns/${id}`;
export const projectPath = (id: number): string => `${PROJECTS_PATH}/${id}`;

/** The saved widgets config of a screen module. */
export const widgetsConfigPath = (moduleName: string): string =>
  `${WIDGETS_PATH}?${new URLSearchParams({ moduleName }).toString()}`;

/** The address under which every endpoint of a campaign's visibility lives, without the trailing slash. */
export const cvCampaignBase = (campaign: unknown): string =>
  `${CV_BASE}/${encodeURIComponent(String(campaign))}`;
