// Host matching of DESIGN §3: a tracked-domain filter value is a registrable domain (the domain and every
// subdomain), a host (that host only) or a host with a path prefix (exactly that host, path equal to the
// prefix or below it). Registrable domains follow the public suffix list through tldts. Storage adapters
// express the same rules in SQL (domain id, host id, host id + path); these functions are the reference.
import { getDomain } from 'tldts';

export type HostFilterKind = 'domain' | 'host' | 'path';

export interface HostFilter {
  kind: HostFilterKind;
  /** Canonical value: `example.com`, `blog.example.com` or `www.example.com/blog`. */
  value: string;
  /** Lower-case host; for kind 'domain' the registrable domain itself. */
  host: string;
  /** Registrable domain of the host. */
  domain: string;
  /** Path prefix without trailing slash (`/blog`) for kind 'path'; null otherwise. */
  path: string | null;
}

/** The parts of a result URL that host matching reads. */
export interface UrlParts {
  host: string;
  domain: string;
  /** URL path, always starting with `/`; query and fragment excluded. */
  path: string;
}

/** Lower case, without a trailing root dot. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/u, '');
}

/** The registrable domain of a host (public suffix list); the host itself when it has none (IP, localhost). */
export function registrableDomain(host: string): string {
  const h = normaliseHost(host);
  return getDomain(h) ?? h;
}

function parseLoose(value: string): URL | null {
  const v = value.trim();
  if (v === '' || /\s/u.test(v)) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//iu.test(v) ? v : `http://${v}`);
  } catch {
    return null;
  }
}

/** Host, registrable domain and path of a result URL (scheme optional); null when it is not a URL. */
export function parseUrlParts(url: string): UrlParts | null {
  const u = parseLoose(url);
  if (u === null) return null;
  const host = normaliseHost(u.hostname);
  if (host === '') return null;
  return { host, domain: registrableDomain(host), path: u.pathname === '' ? '/' : u.pathname };
}

/** Reads a filter value such as `example.com`, `blog.example.com` or `www.example.com/blog/`; null if invalid. */
export function parseHostFilter(value: string): HostFilter | null {
  const parts = parseUrlParts(value);
  if (parts === null) return null;
  const path = parts.path.replace(/\/+$/u, '');
  if (path !== '') {
    return { kind: 'path', value: `${parts.host}${path}`, host: parts.host, domain: parts.domain, path };
  }
  const kind: HostFilterKind = getDomain(parts.host) === parts.host ? 'domain' : 'host';
  return { kind, value: parts.host, host: parts.host, domain: parts.domain, path: null };
}

/** True when a result URL falls under the filter. */
export function matchesHostFilter(filter: HostFilter, url: UrlParts): boolean {
  switch (filter.kind) {
    case 'domain':
      return url.domain === filter.domain;
    case 'host':
      return url.host === filter.host;
    case 'path': {
      const prefix = filter.path ?? '';
      return url.host === filter.host && (url.path === prefix || url.path.startsWith(`${prefix}/`));
    }
  }
}

/** A domain group matches the union of its members; a result counts once however many members match. */
export function matchesAnyHostFilter(filters: readonly HostFilter[], url: UrlParts): boolean {
  return filters.some((f) => matchesHostFilter(f, url));
}
