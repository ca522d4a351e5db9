// The addresses of the GET requests that more than one module builds: the data hooks, and the early requests
// sent at boot (app/early-requests.ts), which must ask for exactly the address the hook will ask for.
import { CV_BASE } from '@contracts/campaign-visibility';
import { WIDGETS_PATH } from '@contracts/widgets';
import { encodeFilterName } from '@core/filters';

export const ME_PATH = '/api/v1/me';
export const PROJECTS_PATH = '/api/v1/projects';
export const MARKETS_PATH = '/api/v1/markets';

export const campaignPath = (id: number): string => `/api/v1/campaigns/${id}`;

/** The saved widgets config of a screen module. */
export const widgetsConfigPath = (moduleName: string): string =>
  `${WIDGETS_PATH}?${new URLSearchParams({ moduleName }).toString()}`;

/** The query string of spec §7: lists repeat their name, column filters go by encoded field id. */
export function cvSearch(params: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  const put = (name: string, v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) for (const item of v) search.append(name, String(item));
    else search.append(name, String(v));
  };
  for (const [name, v] of Object.entries(params)) {
    if (name === 'campaign') continue;
    if (name === 'columnFilters' && typeof v === 'object' && v !== null) {
      for (const [field, f] of Object.entries(v)) put(encodeFilterName(field), f);
    } else put(name, v);
  }
  // URLSearchParams would escape the %2E of an encoded name again; keep it as the server expects it.
  return search.toString().replaceAll('%252E', '%2E');
}

/** A campaign-visibility endpoint's address: `path` is `domains`, `ranking/keywords`, `csv/urls`, … */
export function cvPath(campaign: unknown, path: string, params: Readonly<Record<string, unknown>>): string {
  const qs = cvSearch(params);
  return `${CV_BASE}/${encodeURIComponent(String(campaign))}/${path}${qs === '' ? '' : `?${qs}`}`;
}
