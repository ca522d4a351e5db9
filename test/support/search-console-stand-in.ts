// A local stand-in for Google's token endpoint and the Search Console API (sites.list and
// searchAnalytics.query), answering as Google does: form-encoded token grants (authorisation code, refresh
// token, service-account JWT checked against the key's public half), Bearer-checked API calls, rows paged by
// rowLimit/startRow, and a 429 RESOURCE_EXHAUSTED on the first query so back-off is exercised.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

export const CLIENT_ID = '1234-test.apps.googleusercontent.com';
export const CLIENT_SECRET = 'test-secret';
export const GOOD_CODE = 'good-code';
export const SA_EMAIL = 'sync@project.iam.gserviceaccount.com';
export const SITES = [
  { siteUrl: 'https://shop.example.org/', permissionLevel: 'siteFullUser' },
  { siteUrl: 'sc-domain:example.com', permissionLevel: 'siteOwner' },
];

export interface QueryCall {
  site: string;
  startDate: string;
  endDate: string;
  dimensions: string[];
  type: string;
  rowLimit: number;
  startRow: number;
}

export interface StandIn {
  url: string;
  /** A service-account JSON key whose public half the stand-in checks assertions with. */
  serviceAccountKey: string;
  queries: QueryCall[];
  /** Rows a day holds: `big` days this many, other days 2. */
  bigDays: Map<string, number>;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** The i-th row of a day, for the dimensions asked. */
export function standInRow(day: string, i: number, dimensions: readonly string[]) {
  const clicks = i % 5;
  const impressions = 10 + (i % 40);
  const value = (d: string) =>
    d === 'date'
      ? day
      : d === 'query'
        ? `query ${i}`
        : d === 'page'
          ? `https://example.com/p${i % 7}`
          : d === 'country'
            ? i % 2 === 0
              ? 'usa'
              : 'gbr'
            : i % 3 === 0
              ? 'MOBILE'
              : 'DESKTOP';
  return {
    keys: dimensions.map(value),
    clicks,
    impressions,
    ctr: clicks / impressions,
    position: 1.5 + (i % 20),
  };
}

export async function startStandIn(): Promise<StandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const spki = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const queries: QueryCall[] = [];
  const bigDays = new Map<string, number>();
  let quotaTold = false;
  let url = '';

  const server: Server = createServer((req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'POST' && path === '/token') {
        const f = new URLSearchParams(await body(req));
        const grant = f.get('grant_type');
        if (grant === 'authorization_code') {
          if (f.get('code') !== GOOD_CODE || f.get('client_secret') !== CLIENT_SECRET)
            return send(400, { error: 'invalid_grant', error_description: 'Bad Request' });
          return send(200, { access_token: 'at-oauth', refresh_token: 'rt-1', expires_in: 3599 });
        }
        if (grant === 'refresh_token') {
          if (f.get('refresh_token') !== 'rt-1' || f.get('client_id') !== CLIENT_ID)
            return send(400, {
              error: 'invalid_grant',
              error_description: 'Token has been expired or revoked.',
            });
          return send(200, { access_token: 'at-oauth', expires_in: 3599 });
        }
        if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
          try {
            await jwtVerify(f.get('assertion') ?? '', spki, { issuer: SA_EMAIL, audience: `${url}/token` });
          } catch {
            return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
          }
          return send(200, { access_token: 'at-sa', expires_in: 3599 });
        }
        return send(400, { error: 'unsupported_grant_type' });
      }
      const auth = req.headers.authorization;
      if (auth !== 'Bearer at-oauth' && auth !== 'Bearer at-sa')
        return send(401, {
          error: { code: 401, message: 'Request had invalid authentication credentials.' },
        });
      if (req.method === 'GET' && path === '/webmasters/v3/sites') return send(200, { siteEntry: SITES });
      const m = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/u.exec(path);
      if (req.method === 'POST' && m !== null) {
        const q = JSON.parse(await body(req)) as Omit<QueryCall, 'site'>;
        if (!quotaTold) {
          quotaTold = true;
          return send(429, { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } });
        }
        queries.push({ site: decodeURIComponent(m[1]!), ...q });
        const total = bigDays.get(q.startDate) ?? 2;
        const rows = [];
        for (let i = q.startRow; i < Math.min(total, q.startRow + q.rowLimit); i++)
          rows.push(standInRow(q.startDate, i, q.dimensions));
        return send(200, rows.length === 0 ? { responseAggregationType: 'byPage' } : { rows });
      }
      return send(404, { error: { code: 404, message: `no ${req.method} ${path}` } });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serviceAccountKey = JSON.stringify({
    type: 'service_account',
    client_email: SA_EMAIL,
    private_key: pkcs8,
    token_uri: `${url}/token`,
  });
  return {
    url,
    serviceAccountKey,
    queries,
    bigDays,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
