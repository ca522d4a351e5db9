// The spec §4 resource cache in the browser (DESIGN §5): the pure state machine of @core/resource-cache holds
// versions, stores and subscribers; TanStack Query carries each store's request (query key per store, its
// AbortSignal, its garbage collection). Identical parameters share one request, unused stores go after 30 s
// (cleanup 40 ms after each auto-fetch), markDirty refetches what is subscribed, 402 marks dirty, a request
// whose store was replaced is cancelled and its late answer ignored, and every request sends a 16-hex
// X-Request-Id. Components read it through useResource and never call fetch.
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useId,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { isCancelledError } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  canonicalParams,
  CLEANUP_DELAY_MS,
  cleanup,
  createCache,
  fetchVersion,
  markDirty,
  markFailed,
  markPaymentRequired,
  paramsError as paramsErrorOf,
  readResource,
  registerEndpoint,
  ResourceParamsError,
  storeData,
  subscribe,
  unsubscribe,
} from '@core/resource-cache';
import type {
  CacheResult,
  CacheState,
  DirtyScope,
  Endpoint,
  FetchRequest,
  Params,
  ResourceView,
  Store,
} from '@core/resource-cache';
import { isApiError, newRequestId } from './client';

/** Sends one request of the cache; the signal aborts it when its store is replaced or dropped. */
export type ResourceFetcher = (request: FetchRequest, signal: AbortSignal) => Promise<unknown>;

export interface ResourceCacheOptions {
  queryClient: QueryClient;
  endpoints: readonly Endpoint[];
  fetcher: ResourceFetcher;
  /** ms since epoch; the browser clock unless a test passes its own. */
  now?: () => number;
  newRequestId?: () => string;
  /** Where warnings and errors go (spec §8: the console). */
  log?: (level: 'warn' | 'error', message: string) => void;
}

export interface ResourceState<T> extends ResourceView {
  data: T;
  /** The failure of the latest request, when it failed; null otherwise. */
  error: unknown;
}

/** The query key TanStack Query holds a store's request under. */
export const resourceQueryKey = (storeId: string) => ['resource', storeId] as const;

export class ResourceCache {
  private state: CacheState;
  private readonly listeners = new Set<() => void>();
  /** The failure of each store's last request (stores hold no error in the core model). */
  private readonly errors = new Map<string, unknown>();
  private readonly snapshots = new Map<string, { version: number; value: ResourceState<unknown> }>();
  private version = 0;
  private cleanupTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;
  private readonly requestId: () => string;
  private readonly log: (level: 'warn' | 'error', message: string) => void;

  constructor(private readonly options: ResourceCacheOptions) {
    this.state = options.endpoints.reduce(registerEndpoint, createCache());
    this.now = options.now ?? (() => Date.now());
    this.requestId = options.newRequestId ?? newRequestId;
    this.log =
      options.log ??
      ((level, message) => (level === 'warn' ? console.warn(message) : console.error(message)));
  }

  get cacheState(): CacheState {
    return this.state;
  }

  listen = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private commit(next: CacheState): void {
    if (next === this.state) return;
    this.state = next;
    this.version += 1;
    for (const l of this.listeners) l();
  }

  private apply(r: CacheResult): void {
    for (const w of r.warnings) this.log('warn', w);
    this.commit(r.state);
    if (r.request !== null) this.send(r.request);
  }

  /** Spec §4: join the version for these parameters and fetch if needed. Throws the spec §5 errors. */
  subscribe(subscriberKey: string, endpointId: string, params: Params): void {
    this.apply(
      subscribe(this.state, {
        subscriberKey,
        endpointId,
        params,
        requestId: this.requestId(),
        now: this.now(),
      }),
    );
  }

  /**
   * Fetches what a component is about to subscribe to (a screen's first reads, sent before its widgets have
   * rendered). The request is held by a subscriber of its own until it settles, then left like any unused
   * store: a component that subscribes with the same parameters within the 30 s gets it without a request.
   */
  prefetch(endpointId: string, params: Params): void {
    const key = `prefetch:${endpointId}:${canonicalParams(params)}`;
    if (this.state.subscribers[key] !== undefined) return;
    this.subscribe(key, endpointId, params);
    const settled = () => {
      const versionId = this.state.subscribers[key];
      const storeId = versionId === undefined ? null : this.state.versions[versionId]?.latestStore;
      const store = storeId ? this.state.stores[storeId] : undefined;
      return store === undefined || !store.loading;
    };
    if (settled()) {
      this.unsubscribe(key);
      return;
    }
    const stop = this.listen(() => {
      if (!settled()) return;
      stop();
      this.unsubscribe(key);
    });
  }

  unsubscribe(subscriberKey: string): void {
    if (this.state.subscribers[subscriberKey] === undefined) return;
    const before = this.state;
    this.commit(unsubscribe(this.state, subscriberKey, this.now()));
    this.cancelUnreferenced(before);
  }

  /** Spec §4: marks stores dirty (per endpoint or per parameter) and refetches the subscribed versions. */
  markDirty(scope: DirtyScope): void {
    const r = markDirty(this.state, scope, this.now());
    this.commit(r.state);
    for (const versionId of r.versions) this.refetchVersion(versionId);
  }

  /** Fetches a version again after a failure or when marked dirty. */
  refetch(subscriberKey: string): void {
    const versionId = this.state.subscribers[subscriberKey];
    if (versionId === undefined) return;
    const v = this.state.versions[versionId];
    const store = v?.latestStore ? this.state.stores[v.latestStore] : undefined;
    if (store !== undefined && !store.loaded && !store.loading && !store.dirty) {
      // A failed store is current by its parameters; mark it dirty so that fetchVersion sends again.
      this.commit({
        ...this.state,
        stores: { ...this.state.stores, [store.storeId]: { ...store, dirty: true } },
      });
    }
    this.refetchVersion(versionId);
  }

  private refetchVersion(versionId: string): void {
    if (this.state.versions[versionId] === undefined) return;
    const before = this.state;
    this.apply(fetchVersion(this.state, versionId, this.requestId(), this.now()));
    this.cancelUnreferenced(before);
  }

  read<T>(subscriberKey: string): ResourceState<T> {
    const cached = this.snapshots.get(subscriberKey);
    if (cached !== undefined && cached.version === this.version) return cached.value as ResourceState<T>;
    const view = readResource(this.state, subscriberKey);
    const versionId = this.state.subscribers[subscriberKey];
    const storeId = versionId === undefined ? null : (this.state.versions[versionId]?.latestStore ?? null);
    const error = storeId === null ? null : (this.errors.get(storeId) ?? null);
    const prev = cached?.value;
    const value: ResourceState<unknown> =
      prev !== undefined &&
      prev.data === view.data &&
      prev.loading === view.loading &&
      prev.loaded === view.loaded &&
      prev.dirty === view.dirty &&
      prev.error === error
        ? prev
        : { ...view, error };
    this.snapshots.set(subscriberKey, { version: this.version, value });
    return value as ResourceState<T>;
  }

  /** A store's request went out of use (its version moved on or went away): abort it. */
  private cancelUnreferenced(before: CacheState): void {
    const used = new Set(Object.values(this.state.versions).map((v) => v.latestStore));
    for (const v of Object.values(before.versions)) {
      const id = v.latestStore;
      if (id === null || used.has(id)) continue;
      const s = this.state.stores[id];
      if (s?.loading === true) {
        void this.options.queryClient.cancelQueries({ queryKey: resourceQueryKey(id), exact: true });
      }
    }
  }

  private send(request: FetchRequest): void {
    const { queryClient, fetcher } = this.options;
    queryClient
      .fetchQuery({
        queryKey: resourceQueryKey(request.storeId),
        queryFn: ({ signal }) => fetcher(request, signal),
        retry: false,
        staleTime: Infinity,
      })
      .then(
        (data) => this.apply(storeData(this.state, request.storeId, request.requestId, data, this.now())),
        (error: unknown) => this.fail(request, error),
      )
      .finally(() => this.scheduleCleanup());
  }

  private fail(request: FetchRequest, error: unknown): void {
    const s = this.state.stores[request.storeId];
    if (s === undefined || s.requestId !== request.requestId) return;
    if (isCancelledError(error) || (isApiError(error) && error.kind === 'aborted')) {
      this.cancelled(s);
      return;
    }
    this.errors.set(request.storeId, error);
    this.version += 1;
    if (isApiError(error) && error.status === 402) {
      // Spec §8: a plan limit marks the store dirty; the widget shows it as an error until refetched.
      this.commit(markPaymentRequired(this.state, request.storeId, this.now()));
      return;
    }
    this.log('error', `Request ${request.requestId} for ${request.endpointId} failed: ${String(error)}`);
    this.apply(markFailed(this.state, request.storeId, this.now()));
  }

  /**
   * A store's request was cancelled because no version used it any more. If a subscriber took it up again
   * before the cancellation landed (StrictMode's unmount and remount of every effect, or a quick switch back
   * to the same parameters), its versions fetch again; either way the store is dirty, so nobody waits on it.
   */
  private cancelled(store: Store): void {
    this.commit({
      ...this.state,
      stores: {
        ...this.state.stores,
        [store.storeId]: { ...store, loading: false, requestId: null, dirty: true },
      },
    });
    for (const v of Object.values(this.state.versions)) {
      if (v.latestStore === store.storeId) this.refetchVersion(v.versionId);
    }
  }

  /** Spec §4: cleanup runs 40 ms after each auto-fetch and drops stores unused for 30 s. */
  private scheduleCleanup(): void {
    if (this.cleanupTimer !== null) clearTimeout(this.cleanupTimer);
    this.cleanupTimer = setTimeout(() => {
      this.cleanupTimer = null;
      this.runCleanup();
    }, CLEANUP_DELAY_MS);
  }

  runCleanup(): void {
    const before = Object.keys(this.state.stores);
    this.commit(cleanup(this.state, this.now()));
    for (const id of before) {
      if (this.state.stores[id] !== undefined) continue;
      this.errors.delete(id);
      this.options.queryClient.removeQueries({ queryKey: resourceQueryKey(id), exact: true });
    }
  }
}

const ResourceCacheContext = createContext<ResourceCache | null>(null);

export function ResourceCacheProvider({ cache, children }: { cache: ResourceCache; children: ReactNode }) {
  return createElement(ResourceCacheContext.Provider, { value: cache }, children);
}

export function useResourceCache(): ResourceCache {
  const cache = useContext(ResourceCacheContext);
  if (cache === null) throw new Error('useResource needs a ResourceCacheProvider above it');
  return cache;
}

export interface UseResource<T> extends ResourceState<T> {
  status: 'loading' | 'ready' | 'error';
  refetch: () => void;
}

const IDLE: ResourceState<never> = {
  data: undefined as never,
  loading: false,
  loaded: false,
  dirty: false,
  error: null,
};

/**
 * Subscribes this component to an endpoint with `params` (null: not yet, e.g. filters still loading) and
 * reads its store. A change of parameters moves the subscription to the new version; unmounting leaves it.
 * Invalid parameters give the error state with the spec §5 message.
 */
export function useResource<T>(endpointId: string, params: Params | null): UseResource<T> {
  const cache = useResourceCache();
  const id = useId();
  const paramsKey = params === null ? null : canonicalParams(params);
  const subscriberKey = `${id}:${endpointId}:${paramsKey ?? ''}`;
  // Parameters are compared by value: a new object with the same content keeps the subscription.
  const stable = useMemo(() => params, [paramsKey]);
  const paramsError = useMemo(() => {
    const endpoint = cache.cacheState.endpoints[endpointId];
    if (stable === null || endpoint === undefined) return null;
    const message = paramsErrorOf(endpoint, stable);
    if (message === null) return null;
    console.error(message);
    return new ResourceParamsError(message);
  }, [cache, endpointId, stable]);

  useEffect(() => {
    if (stable === null || paramsError !== null) return;
    cache.subscribe(subscriberKey, endpointId, stable);
    return () => cache.unsubscribe(subscriberKey);
  }, [cache, endpointId, stable, subscriberKey, paramsError]);

  const state = useSyncExternalStore(cache.listen, () =>
    cache.cacheState.subscribers[subscriberKey] === undefined
      ? (IDLE as ResourceState<T>)
      : cache.read<T>(subscriberKey),
  );
  const error = paramsError ?? state.error;
  const status = error !== null && !state.loaded ? 'error' : state.loaded ? 'ready' : 'loading';
  return { ...state, error, status, refetch: () => cache.refetch(subscriberKey) };
}
