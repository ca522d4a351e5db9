import '../test/dom-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeServer, json } from '../test/fake-server';
import {
  apiRequest,
  ApiError,
  describeError,
  dropEarlyRequests,
  EARLY_TTL_MS,
  newRequestId,
  sendEarlyRequests,
  sendEarlyRequestsLater,
  setCsrfToken,
} from './client';

afterEach(() => {
  setCsrfToken(null);
  dropEarlyRequests();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('API client', () => {
  it('makes 16-hex request ids', () => {
    const ids = new Set(Array.from({ length: 50 }, newRequestId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('sends same-origin credentials, a request id, and the CSRF token only on state-changing requests', async () => {
    const { requests, fetchMock } = fakeServer({
      'GET /api/v1/things': json(200, { n: 1 }),
      'POST /api/v1/things': json(201, { n: 2 }),
    });
    setCsrfToken('tok');
    await apiRequest('/api/v1/things', { query: { projectId: 3, skip: null } });
    await apiRequest('/api/v1/things', { method: 'POST', body: { a: 1 } });
    expect(requests[0]!.url).toBe('/api/v1/things?projectId=3');
    expect(requests[0]!.headers['X-Request-Id']).toMatch(/^[0-9a-f]{16}$/);
    expect(requests[0]!.headers['X-CSRF-Token']).toBeUndefined();
    expect(requests[1]!.headers['X-CSRF-Token']).toBe('tok');
    expect(requests[1]!.body).toEqual({ a: 1 });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('parses the response with its contract', async () => {
    fakeServer({ 'GET /a': json(200, { n: 1 }), 'GET /b': json(200, { n: 'one' }) });
    await expect(apiRequest('/a', { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 1 });
    const error = await failure(apiRequest('/b', { schema: z.object({ n: z.number() }) }));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/did not match its contract \(n: /);
  });

  it("says 'Request failed with status code N' and keeps the server's message", async () => {
    fakeServer({ 'GET /x': json(403, { error: { code: 'forbidden', message: 'you need ROLE_REPORTS' } }) });
    const error = await failure(apiRequest('/x'));
    expect(error.message).toBe('Request failed with status code 403');
    expect(error).toMatchObject({ status: 403, code: 'forbidden', serverMessage: 'you need ROLE_REPORTS' });
    expect(describeError(error)).toBe('You need ROLE_REPORTS.');
  });

  it("says 'Network Error' when the server cannot be reached", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(apiRequest('/x'));
    expect(error).toMatchObject({ message: 'Network Error', kind: 'network', status: null });
  });

  const hanging = () =>
    vi.fn(
      (_: unknown, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );

  it("says 'Request aborted' when the caller cancels", async () => {
    vi.stubGlobal('fetch', hanging());
    const controller = new AbortController();
    const pending = failure(apiRequest('/x', { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ message: 'Request aborted', kind: 'aborted' });
  });

  it("says 'timeout of N ms exceeded' when the server is too slow", async () => {
    vi.stubGlobal('fetch', hanging());
    const error = await failure(apiRequest('/x', { timeoutMs: 20 }));
    expect(error).toMatchObject({ message: 'timeout of 20 ms exceeded', kind: 'timeout' });
  });

  describe('early requests', () => {
    const thing = z.object({ n: z.number() });

    it('hands an early request to the first apiRequest for its address, and only to the first', async () => {
      let n = 0;
      const { requests } = fakeServer({ 'GET /api/v1/things': () => json(200, { n: ++n }) });
      sendEarlyRequests(['/api/v1/things?projectId=3']);
      expect(requests).toHaveLength(1);
      expect(await apiRequest('/api/v1/things', { query: { projectId: 3 }, schema: thing })).toEqual({
        n: 1,
      });
      expect(requests).toHaveLength(1);
      expect(await apiRequest('/api/v1/things', { query: { projectId: 3 }, schema: thing })).toEqual({
        n: 2,
      });
      expect(requests).toHaveLength(2);
    });

    it('leaves other addresses, other methods and answers older than the time limit alone', async () => {
      const { requests } = fakeServer({
        'GET /api/v1/things': json(200, { n: 1 }),
        'POST /api/v1/things': json(201, { n: 2 }),
      });
      sendEarlyRequests(['/api/v1/things'], Date.now() - EARLY_TTL_MS - 1);
      await apiRequest('/api/v1/things', { schema: thing });
      expect(requests).toHaveLength(2);
      sendEarlyRequests(['/api/v1/things']);
      await apiRequest('/api/v1/things', { method: 'POST', body: {}, schema: thing });
      await apiRequest('/api/v1/things', { query: { other: 1 }, schema: thing });
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /api/v1/things',
        'GET /api/v1/things',
        'GET /api/v1/things',
        'POST /api/v1/things',
        'GET /api/v1/things?other=1',
      ]);
    });

    it('makes a request under a pending prefix wait for the early requests still to be sent', async () => {
      const { requests } = fakeServer({ 'GET /api/v3/x/a': json(200, { n: 1 }) });
      let send: (urls: string[]) => void = () => undefined;
      sendEarlyRequestsLater('/api/v3/x/', new Promise((resolve) => (send = resolve)));
      const asked = apiRequest('/api/v3/x/a', { schema: thing });
      await new Promise((r) => setTimeout(r, 20));
      expect(requests).toHaveLength(0);
      send(['/api/v3/x/a']);
      expect(await asked).toEqual({ n: 1 });
      expect(requests).toHaveLength(1);
    });

    it('sends again when the early request failed on the network', async () => {
      let calls = 0;
      const { requests } = fakeServer({ 'GET /api/v1/things': json(200, { n: 7 }) });
      const real = globalThis.fetch;
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
        calls++ === 0 ? Promise.reject(new TypeError('offline')) : real(input, init),
      );
      sendEarlyRequests(['/api/v1/things']);
      expect(await apiRequest('/api/v1/things', { schema: thing })).toEqual({ n: 7 });
      expect(requests).toHaveLength(1);
      expect(calls).toBe(2);
    });
  });
});
