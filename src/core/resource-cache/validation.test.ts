import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { registerEndpoint, subscribe } from './cache';
import { createCache, type Endpoint } from './types';
import {
  canonicalParams,
  isRequestId,
  paramsError,
  requestIdFromBytes,
  ResourceAssertionError,
  ResourceParamsError,
  urlParams,
} from './validation';

const E: Endpoint = {
  endpointId: 'cvDomains',
  routeName: '/domains',
  paramDefinitions: [
    { name: 'campaign', required: true, type: 'VALUE', urlName: 'campaign' },
    { name: 'market', required: true, type: 'VALUE', urlName: 'market' },
    { name: 'domains', required: false, type: 'ARRAY', urlName: 'domains[]' },
    { name: 'extra', required: false, type: 'MAP', urlName: 'x' },
  ],
  nullValue: null,
};

describe('spec §5 resource requests', () => {
  it('"all required parameters present" — \'Trying to fetch a resource X, but some parameters (...) are missing\'', () => {
    expect(paramsError(E, {})).toBe(
      'Trying to fetch a resource cvDomains, but some parameters (campaign, market) are missing',
    );
    expect(paramsError(E, { campaign: 1, market: undefined })).toBe(
      'Trying to fetch a resource cvDomains, but some parameters (market) are missing',
    );
  });

  it('"no unknown parameters" — \'the request contained non-existent parameters\'', () => {
    expect(paramsError(E, { campaign: 1, market: 'gb-en', colour: 'red' })).toBe(
      'the request contained non-existent parameters',
    );
  });

  it('"ARRAY must be arrays, MAP objects, VALUE number, boolean, string or null" — \'some provided parameters are wrong types\'', () => {
    const ok = { campaign: 1, market: 'gb-en' };
    expect(paramsError(E, ok)).toBeNull();
    for (const v of [1, 'x', true, null]) expect(paramsError(E, { ...ok, campaign: v })).toBeNull();
    expect(paramsError(E, { ...ok, domains: [], extra: { a: 1 } })).toBeNull();
    const wrong = 'some provided parameters are wrong types';
    expect(paramsError(E, { ...ok, campaign: [1] })).toBe(wrong);
    expect(paramsError(E, { ...ok, campaign: { a: 1 } })).toBe(wrong);
    expect(paramsError(E, { ...ok, domains: 'a.com' })).toBe(wrong);
    expect(paramsError(E, { ...ok, extra: [] })).toBe(wrong);
    expect(paramsError(E, { ...ok, extra: null })).toBe(wrong);
  });

  it('subscribe refuses invalid parameters with the message', () => {
    const s = registerEndpoint(createCache(), E);
    const call = () =>
      subscribe(s, {
        subscriberKey: 'k',
        endpointId: 'cvDomains',
        params: { campaign: 1 },
        requestId: 'a'.repeat(16),
        now: 0,
      });
    expect(call).toThrow(ResourceParamsError);
    expect(call).toThrow('Trying to fetch a resource cvDomains, but some parameters (market) are missing');
  });

  it('"Endpoint definitions need a name per parameter and a valid type."', () => {
    const noName = {
      ...E,
      paramDefinitions: [{ name: '', required: true, type: 'VALUE' as const, urlName: 'a' }],
    };
    expect(() => registerEndpoint(createCache(), noName)).toThrow(ResourceAssertionError);
    const badType = {
      ...E,
      paramDefinitions: [{ name: 'a', required: true, type: 'LIST' as unknown as 'VALUE', urlName: 'a' }],
    };
    expect(() => registerEndpoint(createCache(), badType)).toThrow(/not VALUE, ARRAY or MAP/u);
  });
});

describe('parameters and request ids', () => {
  it('parameters go out under their URL names', () => {
    expect(urlParams(E, { campaign: 1, market: 'gb-en', domains: ['a'] })).toEqual({
      campaign: 1,
      market: 'gb-en',
      'domains[]': ['a'],
    });
  });

  it('identical parameters compare equal whatever the key order; array order matters', () => {
    expect(canonicalParams({ a: 1, b: { y: [1, 2], x: null } })).toBe(
      canonicalParams({ b: { x: null, y: [1, 2] }, a: 1 }),
    );
    expect(canonicalParams({ a: [1, 2] })).not.toBe(canonicalParams({ a: [2, 1] }));
    expect(canonicalParams({ a: 1, b: undefined })).toBe(canonicalParams({ a: 1 }));
  });

  it('"a random 16-hex-character request id"', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        expect(isRequestId(requestIdFromBytes(bytes))).toBe(true);
      }),
    );
    expect(requestIdFromBytes(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 255]))).toBe('00010203040506ff');
    expect(isRequestId('ABCDEF0123456789')).toBe(false);
    expect(() => requestIdFromBytes(new Uint8Array(4))).toThrow(RangeError);
  });
});
