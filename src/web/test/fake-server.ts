// A fake of the server at the one boundary the web app has: the global fetch the API client calls. Routes
// are "METHOD /path" keys answering JSON; every request is recorded for assertions.
import { vi } from 'vitest';
import type { MeResponse } from '@contracts/auth';
import { permissionFlags } from '@core/roles';
import type { Role } from '@core/roles';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeRoute = (req: RecordedRequest) => { status: number; body?: unknown };

export function json(status: number, body?: unknown) {
  return { status, body };
}

export function fakeServer(routes: Record<string, FakeRoute | { status: number; body?: unknown }>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const req = { method, url, headers, body };
    requests.push(req);
    const path = url.split('?')[0];
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    const answer =
      route === undefined
        ? json(404, { error: { code: 'not_found', message: `${path} does not exist` } })
        : typeof route === 'function'
          ? route(req)
          : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function meFixture(roles: Role[] = ['ROLE_ADMIN', 'ROLE_REPORTS', 'ROLE_CV'], id = 1): MeResponse {
  return {
    user: {
      id,
      organisationId: 7,
      organisationName: 'Acme Analytics',
      email: 'ada@acme.test',
      name: 'Ada Lovelace',
      roles,
      operator: true,
    },
    permissions: permissionFlags(roles),
    csrfToken: 'csrf-token-1234',
    authUrls: { loginUrl: '/login', logoutUrl: '/auth/logout' },
  };
}
