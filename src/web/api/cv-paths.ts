// Addresses of the campaign-visibility endpoints with their query strings (spec §7): lists repeat their name,
// column filters go by their encoded field id.
import { encodeFilterName } from '@core/filters';
import { cvCampaignBase } from './paths';

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
  return `${cvCampaignBase(campaign)}/${path}${qs === '' ? '' : `?${qs}`}`;
}
