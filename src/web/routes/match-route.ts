// Matches an address against the route table, with the optional trailing locale segment of spec §2
// (`/campaigns/de_DE`). React Router's own matcher cannot express a parameter spanning several segments
// (a visibility-explorer host may contain slashes) nor a trailing segment constrained to `[a-z]{2}_[A-Z]{2}`,
// so the app routes through this matcher and React Router supplies history, links and navigation.
import { DEFAULT_LOCALE, isLocale } from '@core/locale';
import type { Locale } from '@core/locale';
import type { AppRoute } from './route-table';

type Token =
  { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string };

interface Compiled {
  route: AppRoute;
  tokens: Token[];
  /** Higher ranks win when several routes match: more static segments, then more single-segment params. */
  rank: [number, number];
}

export interface RouteMatch {
  route: AppRoute;
  /** Path parameters, URI-decoded; a multi-segment parameter joins its segments with '/'. */
  params: Record<string, string>;
  locale: Locale;
  /** True when the address carried the locale segment itself. */
  localeInPath: boolean;
}

function compile(route: AppRoute): Compiled {
  const tokens = route.path
    .split('/')
    .filter(Boolean)
    .map((segment): Token => {
      if (!segment.startsWith(':')) return { kind: 'static', value: segment };
      return segment.endsWith('+')
        ? { kind: 'rest', name: segment.slice(1, -1) }
        : { kind: 'param', name: segment.slice(1) };
    });
  const count = (kind: Token['kind']) => tokens.filter((t) => t.kind === kind).length;
  return { route, tokens, rank: [count('static'), count('param')] };
}

const compiled = new WeakMap<readonly AppRoute[], Compiled[]>();

function compileAll(routes: readonly AppRoute[]): Compiled[] {
  let list = compiled.get(routes);
  if (!list) {
    list = routes.map(compile).sort((a, b) => b.rank[0] - a.rank[0] || b.rank[1] - a.rank[1]);
    compiled.set(routes, list);
  }
  return list;
}

/** Matches tokens from index t against segments from index s, filling params; backtracks over `+` spans. */
function matchTokens(
  tokens: Token[],
  segments: string[],
  t: number,
  s: number,
  params: Record<string, string>,
): boolean {
  if (t === tokens.length) return s === segments.length;
  const token = tokens[t]!;
  if (s >= segments.length) return false;
  if (token.kind === 'static')
    return segments[s] === token.value && matchTokens(tokens, segments, t + 1, s + 1, params);
  if (token.kind === 'param') {
    params[token.name] = segments[s]!;
    return matchTokens(tokens, segments, t + 1, s + 1, params);
  }
  // A `+` parameter takes as few segments as still let the rest of the path match.
  const remainingTokens = tokens.length - t - 1;
  for (let end = s + 1; end <= segments.length - remainingTokens; end++) {
    params[token.name] = segments.slice(s, end).join('/');
    if (matchTokens(tokens, segments, t + 1, end, params)) return true;
  }
  return false;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(
  segments: string[],
  routes: readonly AppRoute[],
): Omit<RouteMatch, 'locale' | 'localeInPath'> | null {
  for (const c of compileAll(routes)) {
    const params: Record<string, string> = {};
    if (matchTokens(c.tokens, segments, 0, 0, params)) return { route: c.route, params };
  }
  return null;
}

/**
 * The route for `pathname`, or null for an unknown address. A last segment that looks like a locale is taken
 * as the locale when the rest of the address matches a route; otherwise it is matched as an ordinary segment.
 */
export function matchRoute(pathname: string, routes: readonly AppRoute[]): RouteMatch | null {
  const segments = pathname.split('/').filter(Boolean).map(safeDecode);
  const last = segments[segments.length - 1];
  if (isLocale(last)) {
    const m = matchSegments(segments.slice(0, -1), routes);
    if (m) return { ...m, locale: last, localeInPath: true };
  }
  const m = matchSegments(segments, routes);
  return m ? { ...m, locale: DEFAULT_LOCALE, localeInPath: false } : null;
}

/** `path` with the locale segment appended, unless it is the default locale (which needs no suffix). */
export function localisePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `${path.replace(/\/$/, '')}/${locale}`;
}

/** Fills a route's path with `params` (each segment URI-encoded; a `+` parameter keeps its slashes). */
export function buildPath(
  route: AppRoute,
  params: Record<string, string | number> = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const path = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const rest = segment.endsWith('+');
      const name = rest ? segment.slice(1, -1) : segment.slice(1);
      const value = params[name];
      if (value === undefined) throw new Error(`route '${route.name}' needs the parameter '${name}'`);
      return rest
        ? String(value).split('/').map(encodeURIComponent).join('/')
        : encodeURIComponent(String(value));
    })
    .join('/');
  return localisePath(path || '/', locale);
}
