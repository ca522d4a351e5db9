// The resource cache transitions of spec §4 as pure functions over CacheState, with `now` (ms) and request
// ids passed in. A fetch is returned as a request for the caller to send; its answer comes back through
// storeData, markFailed or markPaymentRequired. Warnings are returned for the caller to log.
import { STORE_TTL_MS, type CacheState, type Endpoint, type Params, type Store, type Version } from './types';
import {
  canonicalParams,
  checkEndpointDefinition,
  checkParams,
  isRequestId,
  ResourceAssertionError,
  sameParams,
  urlParams,
} from './validation';

/** What the caller must send: GET routeName with params (by URL name) and header X-Request-Id. */
export interface FetchRequest {
  storeId: string;
  endpointId: string;
  routeName: string;
  params: Record<string, unknown>;
  requestId: string;
}

export interface CacheResult {
  state: CacheState;
  /** A request to send, when the transition started one. */
  request: FetchRequest | null;
  warnings: string[];
}

const result = (
  state: CacheState,
  request: FetchRequest | null = null,
  warnings: string[] = [],
): CacheResult => ({
  state,
  request,
  warnings,
});

// Assertions of spec §5: referenced versions and stores exist; a store matches its version's endpoint.

export function endpointOf(state: CacheState, endpointId: string): Endpoint {
  const e = state.endpoints[endpointId];
  if (e === undefined) throw new ResourceAssertionError(`the resource ${endpointId} does not exist`);
  return e;
}

export function versionOf(state: CacheState, versionId: string): Version {
  const v = state.versions[versionId];
  if (v === undefined) throw new ResourceAssertionError(`version ${versionId} does not exist`);
  return v;
}

export function storeOf(state: CacheState, storeId: string): Store {
  const s = state.stores[storeId];
  if (s === undefined) throw new ResourceAssertionError(`store ${storeId} does not exist`);
  return s;
}

function latestStoreOf(state: CacheState, v: Version): Store | null {
  if (v.latestStore === null) return null;
  const s = storeOf(state, v.latestStore);
  if (s.endpointId !== v.endpointId) {
    throw new ResourceAssertionError(
      `store ${s.storeId} belongs to ${s.endpointId}, not to ${v.endpointId} of version ${v.versionId}`,
    );
  }
  return s;
}

/** Spec §5: endpoint ids are unique; parameters need a name and a valid type. */
export function registerEndpoint(state: CacheState, endpoint: Endpoint): CacheState {
  if (state.endpoints[endpoint.endpointId] !== undefined) {
    throw new ResourceAssertionError(`endpoint ${endpoint.endpointId} is already defined`);
  }
  checkEndpointDefinition(endpoint);
  return { ...state, endpoints: { ...state.endpoints, [endpoint.endpointId]: endpoint } };
}

/**
 * Spec §4: refetch is needed when nothing was fetched, the latest store is dirty, or its requested params
 * differ from the version's. Otherwise the store is current and a fetch is skipped.
 */
export function needsFetch(state: CacheState, versionId: string): boolean {
  const v = versionOf(state, versionId);
  const s = latestStoreOf(state, v);
  return s === null || s.dirty || !sameParams(s.requestedParams, v.params);
}

function isReferenced(state: CacheState, storeId: string): boolean {
  return Object.values(state.versions).some((v) => v.latestStore === storeId);
}

/**
 * Points a version at another store. The old store is detached; once no version refers to it, its clock
 * restarts so that it is kept 30 s from becoming unused.
 */
function switchStore(state: CacheState, versionId: string, storeId: string | null, now: number): CacheState {
  const v = versionOf(state, versionId);
  const old = v.latestStore;
  let next: CacheState = {
    ...state,
    versions: { ...state.versions, [versionId]: { ...v, latestStore: storeId } },
  };
  if (old !== null && old !== storeId && !isReferenced(next, old)) {
    next = { ...next, stores: { ...next.stores, [old]: { ...storeOf(next, old), timeUpdated: now } } };
  }
  return next;
}

/** Another store of the endpoint with the same parameters that can serve: not dirty, loading or loaded. */
function sharableStore(state: CacheState, v: Version, except: string | null): Store | null {
  const key = canonicalParams(v.params);
  return (
    Object.values(state.stores).find(
      (s) =>
        s.storeId !== except &&
        s.endpointId === v.endpointId &&
        !s.dirty &&
        (s.loading || s.loaded) &&
        canonicalParams(s.requestedParams) === key,
    ) ?? null
  );
}

/**
 * Fetches for a version if needed (spec §4): skipped when its store is current; switched without fetching to
 * another store with identical parameters; otherwise a new loading store and a request.
 */
export function fetchVersion(
  state: CacheState,
  versionId: string,
  requestId: string,
  now: number,
): CacheResult {
  const v = versionOf(state, versionId);
  if (!needsFetch(state, versionId)) return result(state);
  const shared = sharableStore(state, v, v.latestStore);
  if (shared !== null) return result(switchStore(state, versionId, shared.storeId, now));
  if (!isRequestId(requestId)) {
    throw new ResourceAssertionError(
      `request id must be 16 hex characters, got ${JSON.stringify(requestId)}`,
    );
  }
  const e = endpointOf(state, v.endpointId);
  const storeId = `s${state.nextId}`;
  const store: Store = {
    storeId,
    endpointId: v.endpointId,
    requestedParams: v.params,
    data: e.nullValue,
    loading: true,
    loaded: false,
    requestId,
    dirty: false,
    timeUpdated: now,
  };
  const withStore: CacheState = {
    ...state,
    nextId: state.nextId + 1,
    stores: { ...state.stores, [storeId]: store },
  };
  return result(switchStore(withStore, versionId, storeId, now), {
    storeId,
    endpointId: e.endpointId,
    routeName: e.routeName,
    params: urlParams(e, v.params),
    requestId,
  });
}

export interface Subscription {
  subscriberKey: string;
  endpointId: string;
  params: Params;
  /** Used if the subscription needs a request. */
  requestId: string;
  now: number;
}

/**
 * Spec §4: subscribe with parameters — join (or create) the version of this endpoint and parameter set — and
 * fetch if needed. Errors (spec §5): missing endpoint, subscriber key in use, invalid parameters.
 */
export function subscribe(state: CacheState, sub: Subscription): CacheResult {
  const e = state.endpoints[sub.endpointId];
  if (e === undefined) {
    throw new ResourceAssertionError(`cannot subscribe to the resource ${sub.endpointId}: it does not exist`);
  }
  if (state.subscribers[sub.subscriberKey] !== undefined) {
    throw new ResourceAssertionError(`subscriber key ${sub.subscriberKey} is already in use`);
  }
  checkParams(e, sub.params);
  const key = canonicalParams(sub.params);
  const existing = Object.values(state.versions).find(
    (v) => v.endpointId === sub.endpointId && canonicalParams(v.params) === key,
  );
  let next: CacheState;
  let versionId: string;
  if (existing !== undefined) {
    versionId = existing.versionId;
    next = {
      ...state,
      versions: {
        ...state.versions,
        [versionId]: { ...existing, subscribers: [...existing.subscribers, sub.subscriberKey] },
      },
    };
  } else {
    versionId = `v${state.nextId}`;
    const version: Version = {
      versionId,
      endpointId: sub.endpointId,
      params: sub.params,
      subscribers: [sub.subscriberKey],
      latestStore: null,
    };
    next = { ...state, nextId: state.nextId + 1, versions: { ...state.versions, [versionId]: version } };
  }
  next = { ...next, subscribers: { ...next.subscribers, [sub.subscriberKey]: versionId } };
  return fetchVersion(next, versionId, sub.requestId, sub.now);
}

/** Spec §4: unsubscribing the last subscriber removes the version (its store stays until cleanup). */
export function unsubscribe(state: CacheState, subscriberKey: string, now: number): CacheState {
  const versionId = state.subscribers[subscriberKey];
  if (versionId === undefined) throw new ResourceAssertionError(`subscriber ${subscriberKey} does not exist`);
  const v = versionOf(state, versionId);
  const subscribers = Object.fromEntries(
    Object.entries(state.subscribers).filter(([k]) => k !== subscriberKey),
  );
  const left = v.subscribers.filter((k) => k !== subscriberKey);
  if (left.length > 0) {
    return {
      ...state,
      subscribers,
      versions: { ...state.versions, [versionId]: { ...v, subscribers: left } },
    };
  }
  const detached = switchStore({ ...state, subscribers }, versionId, null, now);
  return {
    ...detached,
    versions: Object.fromEntries(Object.entries(detached.versions).filter(([id]) => id !== versionId)),
  };
}

function updateStore(state: CacheState, s: Store): CacheState {
  return { ...state, stores: { ...state.stores, [s.storeId]: s } };
}

/**
 * Spec §4: success stores the data (loaded true, loading false). Storing is allowed only while loading, and
 * only for the store's own request (a cancelled or superseded request does nothing).
 */
export function storeData(
  state: CacheState,
  storeId: string,
  requestId: string,
  data: unknown,
  now: number,
): CacheResult {
  const s = storeOf(state, storeId);
  if (!s.loading || s.requestId !== requestId) {
    return result(state, null, [`store ${storeId} is not loading request ${requestId}: data not stored`]);
  }
  return result(updateStore(state, { ...s, data, loaded: true, loading: false, timeUpdated: now }));
}

/**
 * Spec §4: failure sets loading and loaded false and clears the request id. Marking failed while loaded logs
 * a warning and keeps the loaded data.
 */
export function markFailed(state: CacheState, storeId: string, now: number): CacheResult {
  const s = storeOf(state, storeId);
  if (s.loaded) return result(state, null, [`store ${storeId} is loaded: not marked failed`]);
  return result(
    updateStore(state, { ...s, loading: false, loaded: false, requestId: null, timeUpdated: now }),
  );
}

/** Spec §8: a 402 (plan limit) marks the store dirty; the request is over. */
export function markPaymentRequired(state: CacheState, storeId: string, now: number): CacheState {
  const s = storeOf(state, storeId);
  return updateStore(state, { ...s, dirty: true, loading: false, requestId: null, timeUpdated: now });
}

export type DirtyScope = { endpointId: string } | { param: string; value?: unknown };

export interface DirtyResult {
  state: CacheState;
  /** Versions whose latest store became dirty: the subscribed ones to fetch again. */
  versions: string[];
}

/**
 * Spec §4: marks stores dirty per endpoint, or for every endpoint that has a given parameter (optionally only
 * stores requested with that value of it).
 */
export function markDirty(state: CacheState, scope: DirtyScope, now: number): DirtyResult {
  if ('endpointId' in scope) endpointOf(state, scope.endpointId);
  const hit = (s: Store): boolean => {
    if ('endpointId' in scope) return s.endpointId === scope.endpointId;
    const e = endpointOf(state, s.endpointId);
    if (!e.paramDefinitions.some((p) => p.name === scope.param)) return false;
    return (
      !('value' in scope) || canonicalParams(s.requestedParams[scope.param]) === canonicalParams(scope.value)
    );
  };
  const stores = { ...state.stores };
  const marked = new Set<string>();
  for (const s of Object.values(state.stores)) {
    if (!s.dirty && hit(s)) {
      stores[s.storeId] = { ...s, dirty: true, timeUpdated: now };
      marked.add(s.storeId);
    }
  }
  const versions = Object.values(state.versions)
    .filter((v) => v.latestStore !== null && marked.has(v.latestStore))
    .map((v) => v.versionId);
  return { state: marked.size === 0 ? state : { ...state, stores }, versions };
}

/** Spec §4: stores with no versions older than 30 s are removed (run 40 ms after each auto-fetch). */
export function cleanup(state: CacheState, now: number): CacheState {
  const used = new Set(Object.values(state.versions).map((v) => v.latestStore));
  const kept = Object.values(state.stores).filter(
    (s) => used.has(s.storeId) || now - s.timeUpdated <= STORE_TTL_MS,
  );
  if (kept.length === Object.keys(state.stores).length) return state;
  return { ...state, stores: Object.fromEntries(kept.map((s) => [s.storeId, s])) };
}

export interface ResourceView {
  data: unknown;
  loading: boolean;
  loaded: boolean;
  dirty: boolean;
}

/** What a subscriber sees: its version's store, or the endpoint's nullValue before data is loaded. */
export function readResource(state: CacheState, subscriberKey: string): ResourceView {
  const versionId = state.subscribers[subscriberKey];
  if (versionId === undefined) throw new ResourceAssertionError(`subscriber ${subscriberKey} does not exist`);
  const v = versionOf(state, versionId);
  const s = latestStoreOf(state, v);
  const e = endpointOf(state, v.endpointId);
  return {
    data: s?.loaded === true ? s.data : e.nullValue,
    loading: s?.loading ?? false,
    loaded: s?.loaded ?? false,
    dirty: s?.dirty ?? false,
  };
}
