import '../test/dom-setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CLEANUP_DELAY_MS, STORE_TTL_MS } from '@core/resource-cache';
import type { Endpoint, FetchRequest } from '@core/resource-cache';
import { ApiError } from './client';
import { ResourceCache, ResourceCacheProvider, useResource } from './resource-cache';

const DOMAINS: Endpoint = {
  endpointId: 'cvDomains',
  routeName: '/api/v3/campaign-visibility/{campaign}/domains',
  paramDefinitions: [
    { name: 'campaign', required: true, type: 'VALUE', urlName: 'campaign' },
    { name: 'domains', required: false, type: 'ARRAY', urlName: 'domains' },
  ],
  nullValue: null,
};
const TAGS: Endpoint = {
  endpointId: 'cvTags',
  routeName: '/api/v3/campaign-visibility/{campaign}/tags',
  paramDefinitions: [{ name: 'campaign', required: true, type: 'VALUE', urlName: 'campaign' }],
  nullValue: null,
};
const P1 = { campaign: 1, domains: ['a.com'] };
const P2 = { campaign: 1, domains: ['b.com'] };

interface Pending {
  request: FetchRequest;
  signal: AbortSignal;
  resolve: (data: unknown) => void;
  reject: (e: unknown) => void;
}

let clock: number;
let pending: Pending[];
let logs: string[];

function makeCache(): ResourceCache {
  return new ResourceCache({
    queryClient: new QueryClient(),
    endpoints: [DOMAINS, TAGS],
    now: () => clock,
    log: (_level, message) => logs.push(message),
    fetcher: (request, signal) =>
      new Promise((resolve, reject) => pending.push({ request, signal, resolve, reject })),
  });
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeEach(() => {
  clock = 1_000_000;
  pending = [];
  logs = [];
});
afterEach(() => vi.useRealTimers());

describe('spec §4 resource cache in the browser (over TanStack Query)', () => {
  it('"subscribe with parameters, create a store for that version, fetch" — with a 16-hex request id', () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.request.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(pending[0]!.request.params).toEqual({ campaign: 1, domains: ['a.com'] });
    expect(cache.read('w1')).toMatchObject({ loading: true, loaded: false, data: null });
  });

  it('"success stores data (loaded true, loading false)"', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    pending[0]!.resolve({ n: 1 });
    await flush();
    expect(cache.read('w1')).toMatchObject({ loading: false, loaded: true, data: { n: 1 } });
  });

  it('"failure sets loading and loaded false and clears the request id"', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    const error = new ApiError('Request failed with status code 500', 'http', 'x', 500);
    pending[0]!.reject(error);
    await flush();
    expect(cache.read('w1')).toMatchObject({ loading: false, loaded: false, error });
    const store = Object.values(cache.cacheState.stores)[0]!;
    expect(store.requestId).toBeNull();
  });

  it('"A fetch is skipped if the subscriber\'s store is current." and identical parameters share one request', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    cache.subscribe('w2', 'cvDomains', { domains: ['a.com'], campaign: 1 });
    expect(pending).toHaveLength(1);
    pending[0]!.resolve({ n: 1 });
    await flush();
    expect(cache.read('w2').data).toEqual({ n: 1 });
  });

  it('"Switching detaches from the old store." — a newer request cancels the older one (AbortSignal)', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    cache.unsubscribe('w1');
    cache.subscribe('w1b', 'cvDomains', P2);
    await flush();
    expect(pending[0]!.signal.aborted).toBe(true);
    expect(pending[1]!.signal.aborted).toBe(false);
  });

  it('"Stores may be marked dirty per endpoint" — subscribed versions are fetched again', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    cache.subscribe('t1', 'cvTags', { campaign: 1 });
    pending[0]!.resolve(1);
    pending[1]!.resolve(2);
    await flush();
    cache.markDirty({ endpointId: 'cvDomains' });
    expect(pending).toHaveLength(3);
    expect(pending[2]!.request.endpointId).toBe('cvDomains');
  });

  it('"or for every endpoint using a given parameter"', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    cache.subscribe('t1', 'cvTags', { campaign: 1 });
    pending[0]!.resolve(1);
    pending[1]!.resolve(2);
    await flush();
    cache.markDirty({ param: 'domains' });
    expect(pending.map((p) => p.request.endpointId)).toEqual(['cvDomains', 'cvTags', 'cvDomains']);
  });

  it('"Resource fetch 402: store marked dirty."', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    pending[0]!.reject(new ApiError('Request failed with status code 402', 'http', 'x', 402));
    await flush();
    expect(cache.read('w1')).toMatchObject({ dirty: true, loading: false });
  });

  it('"Storing is allowed only while loading." — a late answer of a replaced request is not stored', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    pending[0]!.resolve(1);
    await flush();
    cache.markDirty({ endpointId: 'cvDomains' });
    pending[1]!.resolve(2);
    await flush();
    expect(cache.read('w1').data).toBe(2);
  });

  it('"Unsubscribing the last subscriber removes the version." and "Stores with no versions older than 30 seconds are removed" "40 ms after each auto-fetch"', async () => {
    const cache = makeCache();
    cache.subscribe('w1', 'cvDomains', P1);
    pending[0]!.resolve(1);
    await flush();
    cache.unsubscribe('w1');
    expect(Object.keys(cache.cacheState.versions)).toHaveLength(0);
    expect(Object.keys(cache.cacheState.stores)).toHaveLength(1);
    clock += STORE_TTL_MS + 1;
    cache.subscribe('t1', 'cvTags', { campaign: 1 });
    pending[1]!.resolve(2);
    await flush();
    await act(async () => new Promise((r) => setTimeout(r, CLEANUP_DELAY_MS + 10)));
    expect(Object.values(cache.cacheState.stores).map((s) => s.endpointId)).toEqual(['cvTags']);
  });

  it('prefetch sends one request that a later subscriber with the same parameters gets without another', async () => {
    const cache = makeCache();
    cache.prefetch('cvDomains', P1);
    cache.prefetch('cvDomains', P1);
    expect(pending).toHaveLength(1);
    pending[0]!.resolve({ rows: 3 });
    await flush();
    // Settled: the prefetch let go of its version; the store stays for the unused-store time.
    expect(Object.keys(cache.cacheState.subscribers)).toEqual([]);
    cache.subscribe('w', 'cvDomains', P1);
    expect(pending).toHaveLength(1);
    expect(cache.read('w')).toMatchObject({ data: { rows: 3 }, loaded: true });
  });

  it('a subscriber joining a prefetch still in flight shares its request, and keeps it when the prefetch lets go', async () => {
    const cache = makeCache();
    cache.prefetch('cvDomains', P1);
    cache.subscribe('w', 'cvDomains', P1);
    expect(pending).toHaveLength(1);
    pending[0]!.resolve({ rows: 1 });
    await flush();
    expect(pending[0]!.signal.aborted).toBe(false);
    expect(Object.keys(cache.cacheState.subscribers)).toEqual(['w']);
    expect(cache.read('w')).toMatchObject({ data: { rows: 1 }, loaded: true });
  });

  it('spec §5 messages: a missing required parameter gives the error state with the spec wording', () => {
    const cache = makeCache();
    function Widget() {
      const r = useResource<number>('cvDomains', { domains: ['a.com'] });
      return <p>{r.status === 'error' ? String((r.error as Error).message) : r.status}</p>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ResourceCacheProvider cache={cache}>
        <Widget />
      </ResourceCacheProvider>,
    );
    expect(
      screen.getByText('Trying to fetch a resource cvDomains, but some parameters (campaign) are missing'),
    ).toBeTruthy();
    expect(pending).toHaveLength(0);
  });

  it('useResource subscribes on mount, shows the data, and leaves on unmount', async () => {
    const cache = makeCache();
    function Widget() {
      const r = useResource<{ n: number } | null>('cvDomains', P1);
      return <p>{r.status === 'ready' ? `n=${r.data?.n}` : r.status}</p>;
    }
    const view = render(
      <ResourceCacheProvider cache={cache}>
        <Widget />
      </ResourceCacheProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    pending[0]!.resolve({ n: 7 });
    await flush();
    expect(screen.getByText('n=7')).toBeTruthy();
    view.unmount();
    expect(Object.keys(cache.cacheState.subscribers)).toHaveLength(0);
  });
});
