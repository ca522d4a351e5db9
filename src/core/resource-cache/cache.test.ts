import { describe, expect, it } from 'vitest';
import {
  cleanup,
  fetchVersion,
  markDirty,
  markFailed,
  markPaymentRequired,
  needsFetch,
  readResource,
  registerEndpoint,
  storeData,
  subscribe,
  unsubscribe,
  type CacheResult,
} from './cache';
import {
  CLEANUP_DELAY_MS,
  createCache,
  STORE_TTL_MS,
  type CacheState,
  type Endpoint,
  type Params,
} from './types';
import { ResourceAssertionError } from './validation';

const T = 1_000_000;
const R1 = '00000000000000a1';
const R2 = '00000000000000b2';
const R3 = '00000000000000c3';

const DOMAINS: Endpoint = {
  endpointId: 'cvDomains',
  routeName: '/api/v3/campaign-visibility/{campaign}/domains',
  paramDefinitions: [
    { name: 'campaign', required: true, type: 'VALUE', urlName: 'campaign' },
    { name: 'domains', required: true, type: 'ARRAY', urlName: 'domains[]' },
    { name: 'date', required: false, type: 'VALUE', urlName: 'date' },
  ],
  nullValue: [],
};
const TAGS: Endpoint = {
  endpointId: 'cvTags',
  routeName: '/api/v3/campaign-visibility/{campaign}/tags',
  paramDefinitions: [{ name: 'campaign', required: true, type: 'VALUE', urlName: 'campaign' }],
  nullValue: {},
};

const base = (): CacheState => registerEndpoint(registerEndpoint(createCache(), DOMAINS), TAGS);
const P1 = { campaign: 1, domains: ['a.com'] };
const P2 = { campaign: 1, domains: ['b.com'] };

function sub(state: CacheState, key: string, params: Params = P1, requestId = R1, now = T): CacheResult {
  return subscribe(state, { subscriberKey: key, endpointId: 'cvDomains', params, requestId, now });
}

describe('spec §4 resource cache', () => {
  it('"subscribe with parameters, create a store for that version, fetch"', () => {
    const r = sub(base(), 'w1');
    const versionId = r.state.subscribers['w1']!;
    const v = r.state.versions[versionId]!;
    expect(v).toMatchObject({ endpointId: 'cvDomains', params: P1, subscribers: ['w1'] });
    const store = r.state.stores[v.latestStore!]!;
    expect(store).toMatchObject({
      requestedParams: P1,
      loading: true,
      loaded: false,
      requestId: R1,
      dirty: false,
    });
    expect(r.request).toEqual({
      storeId: store.storeId,
      endpointId: 'cvDomains',
      routeName: DOMAINS.routeName,
      params: { campaign: 1, 'domains[]': ['a.com'] },
      requestId: R1,
    });
    expect(readResource(r.state, 'w1')).toEqual({ data: [], loading: true, loaded: false, dirty: false });
  });

  it('"success stores data (loaded true, loading false)"', () => {
    const r = sub(base(), 'w1');
    const s = storeData(r.state, r.request!.storeId, R1, [{ domain: 'a.com' }], T + 5);
    expect(s.warnings).toEqual([]);
    expect(s.state.stores[r.request!.storeId]).toMatchObject({
      loaded: true,
      loading: false,
      timeUpdated: T + 5,
    });
    expect(readResource(s.state, 'w1').data).toEqual([{ domain: 'a.com' }]);
  });

  it('"failure sets loading and loaded false and clears the request id"', () => {
    const r = sub(base(), 'w1');
    const f = markFailed(r.state, r.request!.storeId, T + 5);
    expect(f.state.stores[r.request!.storeId]).toMatchObject({
      loading: false,
      loaded: false,
      requestId: null,
    });
    expect(readResource(f.state, 'w1').data).toEqual([]);
  });

  it('"Storing is allowed only while loading."', () => {
    const r = sub(base(), 'w1');
    const id = r.request!.storeId;
    const failed = markFailed(r.state, id, T + 1).state;
    const late = storeData(failed, id, R1, ['late'], T + 2);
    expect(late.state).toBe(failed);
    expect(late.warnings).toHaveLength(1);
    // a response to another (cancelled) request id is not stored either
    const other = storeData(r.state, id, R2, ['other'], T + 2);
    expect(other.state).toBe(r.state);
    expect(other.warnings).toHaveLength(1);
  });

  it('"Marking failed while loaded logs a warning."', () => {
    const r = sub(base(), 'w1');
    const loaded = storeData(r.state, r.request!.storeId, R1, ['x'], T + 1).state;
    const f = markFailed(loaded, r.request!.storeId, T + 2);
    expect(f.warnings).toEqual([`store ${r.request!.storeId} is loaded: not marked failed`]);
    expect(readResource(f.state, 'w1')).toMatchObject({ data: ['x'], loaded: true });
  });

  it('"A fetch is skipped if the subscriber\'s store is current."', () => {
    const r = sub(base(), 'w1');
    const versionId = r.state.subscribers['w1']!;
    expect(needsFetch(r.state, versionId)).toBe(false);
    const again = fetchVersion(r.state, versionId, R2, T + 1);
    expect(again.request).toBeNull();
    expect(again.state).toBe(r.state);
    // a second subscriber with the same parameters joins the version: one request for identical parameters
    const w2 = sub(r.state, 'w2', { domains: ['a.com'], campaign: 1 }, R2);
    expect(w2.request).toBeNull();
    expect(w2.state.subscribers['w2']).toBe(versionId);
    expect(w2.state.versions[versionId]!.subscribers).toEqual(['w1', 'w2']);
  });

  it('"If another store has identical parameters the subscriber switches to it without fetching."', () => {
    // w1 loads P1, leaves (its store outlives the version), and w2 subscribes to P1 within 30 s
    const r = sub(base(), 'w1');
    const loaded = storeData(r.state, r.request!.storeId, R1, ['a'], T + 1).state;
    const gone = unsubscribe(loaded, 'w1', T + 2);
    expect(Object.keys(gone.versions)).toHaveLength(0);
    const w2 = sub(gone, 'w2', P1, R2, T + 3);
    expect(w2.request).toBeNull();
    expect(w2.state.versions[w2.state.subscribers['w2']!]!.latestStore).toBe(r.request!.storeId);
    expect(readResource(w2.state, 'w2').data).toEqual(['a']);
  });

  it('"Switching detaches from the old store."', () => {
    // a version whose dirty store is replaced by a fresh one: the old store no longer serves any version
    const r = sub(base(), 'w1');
    const oldId = r.request!.storeId;
    const loaded = storeData(r.state, oldId, R1, ['a'], T + 1).state;
    const dirty = markDirty(loaded, { endpointId: 'cvDomains' }, T + 2);
    const versionId = dirty.state.subscribers['w1']!;
    const re = fetchVersion(dirty.state, versionId, R2, T + 3);
    expect(re.request).not.toBeNull();
    expect(re.state.versions[versionId]!.latestStore).toBe(re.request!.storeId);
    expect(Object.values(re.state.versions).some((v) => v.latestStore === oldId)).toBe(false);
    expect(re.state.stores[oldId]!.timeUpdated).toBe(T + 3); // unused from now: kept 30 s from here
  });

  it('"Stores may be marked dirty per endpoint"', () => {
    let s = sub(base(), 'w1').state;
    s = subscribe(s, {
      subscriberKey: 't1',
      endpointId: 'cvTags',
      params: { campaign: 1 },
      requestId: R2,
      now: T,
    }).state;
    const d = markDirty(s, { endpointId: 'cvDomains' }, T + 1);
    expect(d.versions).toEqual([d.state.subscribers['w1']]);
    expect(readResource(d.state, 'w1').dirty).toBe(true);
    expect(readResource(d.state, 't1').dirty).toBe(false);
  });

  it('"or for every endpoint using a given parameter"', () => {
    let s = sub(base(), 'w1').state;
    s = subscribe(s, {
      subscriberKey: 't1',
      endpointId: 'cvTags',
      params: { campaign: 2 },
      requestId: R2,
      now: T,
    }).state;
    // 'domains' is a parameter of cvDomains only
    const byDomains = markDirty(s, { param: 'domains' }, T + 1);
    expect([readResource(byDomains.state, 'w1').dirty, readResource(byDomains.state, 't1').dirty]).toEqual([
      true,
      false,
    ]);
    // 'campaign' is used by both; with a value, only stores requested with that value
    const byCampaign2 = markDirty(s, { param: 'campaign', value: 2 }, T + 1);
    expect([
      readResource(byCampaign2.state, 'w1').dirty,
      readResource(byCampaign2.state, 't1').dirty,
    ]).toEqual([false, true]);
    const byCampaign = markDirty(s, { param: 'campaign' }, T + 1);
    expect(byCampaign.versions).toHaveLength(2);
  });

  it('"Refetch is needed when nothing was fetched"', () => {
    // a version without a store (as right after it is created)
    const r = sub(base(), 'w1');
    const versionId = r.state.subscribers['w1']!;
    const bare = {
      ...r.state,
      versions: { [versionId]: { ...r.state.versions[versionId]!, latestStore: null } },
    };
    expect(needsFetch(bare, versionId)).toBe(true);
  });

  it('"Refetch is needed when … the latest store is dirty"', () => {
    const r = sub(base(), 'w1');
    const dirty = markDirty(r.state, { endpointId: 'cvDomains' }, T + 1).state;
    expect(needsFetch(dirty, dirty.subscribers['w1']!)).toBe(true);
    expect(fetchVersion(dirty, dirty.subscribers['w1']!, R2, T + 2).request?.requestId).toBe(R2);
  });

  it('"Refetch is needed when … requested params differ"', () => {
    const r = sub(base(), 'w1');
    const versionId = r.state.subscribers['w1']!;
    const storeId = r.request!.storeId;
    const differing = {
      ...r.state,
      stores: { ...r.state.stores, [storeId]: { ...r.state.stores[storeId]!, requestedParams: P2 } },
    };
    expect(needsFetch(differing, versionId)).toBe(true);
  });

  it('"Unsubscribing the last subscriber removes the version."', () => {
    let s = sub(base(), 'w1').state;
    s = sub(s, 'w2').state;
    const versionId = s.subscribers['w1']!;
    s = unsubscribe(s, 'w1', T + 1);
    expect(s.versions[versionId]!.subscribers).toEqual(['w2']);
    s = unsubscribe(s, 'w2', T + 2);
    expect(s.versions[versionId]).toBeUndefined();
    expect(s.subscribers).toEqual({});
    expect(Object.keys(s.stores)).toHaveLength(1); // the store waits for cleanup
  });

  it('"Stores with no versions older than 30 seconds are removed"', () => {
    let s = sub(base(), 'w1').state;
    s = sub(s, 'w2', P2, R2).state;
    s = unsubscribe(s, 'w1', T + 10);
    // w1's store lost its version at T+10: kept until 30 s after that; w2's store is in use and kept
    expect(Object.keys(cleanup(s, T + 10 + STORE_TTL_MS).stores)).toHaveLength(2);
    const after = cleanup(s, T + 10 + STORE_TTL_MS + 1);
    expect(Object.values(after.stores).map((x) => x.requestedParams)).toEqual([P2]);
    expect(cleanup(after, T + 10 * STORE_TTL_MS)).toBe(after);
  });

  it('"cleanup runs 40 ms after each auto-fetch"', () => {
    expect(CLEANUP_DELAY_MS).toBe(40);
    expect(STORE_TTL_MS).toBe(30_000);
  });
});

describe('spec §8 resource fetch errors', () => {
  it('"Resource fetch 402: store marked dirty."', () => {
    const r = sub(base(), 'w1');
    const s = markPaymentRequired(r.state, r.request!.storeId, T + 1);
    expect(s.stores[r.request!.storeId]).toMatchObject({ dirty: true, loading: false, requestId: null });
    expect(needsFetch(s, s.subscribers['w1']!)).toBe(true);
  });

  it('"Other failure: request cancelled, logged, store marked failed." — a later answer is not stored', () => {
    const r = sub(base(), 'w1');
    const failed = markFailed(r.state, r.request!.storeId, T + 1).state;
    expect(storeData(failed, r.request!.storeId, R1, ['x'], T + 2).state).toBe(failed);
  });
});

describe('spec §5 cache assertions', () => {
  it('"endpoint id unique"', () => {
    expect(() => registerEndpoint(base(), DOMAINS)).toThrow(ResourceAssertionError);
  });

  it('"subscriber key unused"', () => {
    const s = sub(base(), 'w1').state;
    expect(() => sub(s, 'w1', P2, R2)).toThrow(/already in use/u);
  });

  it('"Subscribing to a missing endpoint is an error."', () => {
    expect(() =>
      subscribe(base(), { subscriberKey: 'x', endpointId: 'nope', params: {}, requestId: R1, now: T }),
    ).toThrow(ResourceAssertionError);
  });

  it('"referenced versions and stores exist"', () => {
    const r = sub(base(), 'w1');
    expect(() => storeData(r.state, 's999', R1, [], T)).toThrow(/store s999 does not exist/u);
    expect(() => fetchVersion(r.state, 'v999', R1, T)).toThrow(/version v999 does not exist/u);
    expect(() => unsubscribe(r.state, 'ghost', T)).toThrow(ResourceAssertionError);
    const dangling = { ...r.state, stores: {} };
    expect(() => readResource(dangling, 'w1')).toThrow(/does not exist/u);
  });

  it('"a store matches its version\'s endpoint"', () => {
    let s = sub(base(), 'w1').state;
    s = subscribe(s, {
      subscriberKey: 't1',
      endpointId: 'cvTags',
      params: { campaign: 1 },
      requestId: R3,
      now: T,
    }).state;
    const w1Version = s.subscribers['w1']!;
    const tagStore = s.versions[s.subscribers['t1']!]!.latestStore;
    const crossed = {
      ...s,
      versions: { ...s.versions, [w1Version]: { ...s.versions[w1Version]!, latestStore: tagStore } },
    };
    expect(() => needsFetch(crossed, w1Version)).toThrow(/belongs to cvTags/u);
  });

  it('a request id must be 16 hex characters', () => {
    expect(() => sub(base(), 'w1', P1, 'not-an-id')).toThrow(/16 hex/u);
  });
});
