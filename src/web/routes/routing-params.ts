// The routing parameters of spec §2 held for the current address: market, time (year when empty), hosts
// (comma-separated; the first is used), campaignId, rootDomain, userId, userEmail, plus the project ids of
// the project-scoped addresses. Path parameters win over the query string.
import type { RouteMatch } from './match-route';

/** Spec §9: the default time parameter. */
export const DEFAULT_TIME = 'year';

export interface RoutingParams {
  market: string | null;
  time: string | null;
  /** Every host of the comma-separated list. */
  hosts: string[];
  /** The host in use: the first of `hosts`. */
  host: string | null;
  campaignId: string | null;
  rootDomain: string | null;
  userId: string | null;
  userEmail: string | null;
  projectId: string | null;
  project: string | null;
}

const nonEmpty = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v.trim() === '' ? null : v;

export function routingParams(match: RouteMatch | null, search: URLSearchParams): RoutingParams {
  const path = match?.params ?? {};
  const read = (name: string, ...queryNames: string[]) =>
    nonEmpty(path[name]) ?? queryNames.map((q) => nonEmpty(search.get(q))).find((v) => v !== null) ?? null;
  const nullDefaults = match?.route.nullDefaults ?? [];
  const hosts = (read('hosts', 'host', 'hosts') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  const time = read('time', 'time');
  return {
    market: read('market', 'market'),
    time: time ?? (nullDefaults.includes('time') ? null : DEFAULT_TIME),
    hosts,
    host: hosts[0] ?? null,
    campaignId: read('campaignId', 'campaignId', 'campaign'),
    rootDomain: read('rootDomain', 'rootDomain'),
    userId: read('userId', 'userId'),
    userEmail: read('userEmail', 'userEmail'),
    projectId: read('projectId', 'projectId'),
    project: read('project', 'project'),
  };
}
