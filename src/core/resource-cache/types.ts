// The resource cache of spec §3–§5 as plain data: endpoints with their parameter definitions, versions (one
// per endpoint and parameter set, with its subscribers and the store that serves it), stores (one per request:
// requested parameters, data and load state) and subscribers. The web layer drives it over TanStack Query.

export type ParamType = 'VALUE' | 'ARRAY' | 'MAP';

export const PARAM_TYPES: readonly ParamType[] = ['VALUE', 'ARRAY', 'MAP'];

export interface ParamDefinition {
  name: string;
  required: boolean;
  /** VALUE: number, boolean, string or null; ARRAY: an array; MAP: a plain object. */
  type: ParamType;
  /** Query-string name sent to the server. */
  urlName: string;
}

export interface Endpoint {
  endpointId: string;
  routeName: string;
  paramDefinitions: ParamDefinition[];
  /** What a subscriber reads before data is loaded. */
  nullValue: unknown;
}

export type Params = Readonly<Record<string, unknown>>;

export interface Version {
  versionId: string;
  endpointId: string;
  params: Params;
  /** Subscriber keys, in subscription order. */
  subscribers: string[];
  /** The store serving this version; null before the first fetch. */
  latestStore: string | null;
}

export interface Store {
  storeId: string;
  endpointId: string;
  requestedParams: Params;
  data: unknown;
  loading: boolean;
  loaded: boolean;
  /** 16 hex characters while a request is outstanding; cleared on failure. */
  requestId: string | null;
  dirty: boolean;
  /** ms since epoch of the last change, or of losing its last version. */
  timeUpdated: number;
}

export interface CacheState {
  endpoints: Readonly<Record<string, Endpoint>>;
  versions: Readonly<Record<string, Version>>;
  stores: Readonly<Record<string, Store>>;
  /** Subscriber key → version id. */
  subscribers: Readonly<Record<string, string>>;
  /** Counter for version and store ids. */
  nextId: number;
}

/** Spec §4/§9: stores with no versions are removed once older than 30 s. */
export const STORE_TTL_MS = 30_000;
/** Spec §4/§9: cleanup runs 40 ms after each auto-fetch. */
export const CLEANUP_DELAY_MS = 40;

export function createCache(): CacheState {
  return { endpoints: {}, versions: {}, stores: {}, subscribers: {}, nextId: 1 };
}
