// The Search Console API as Sightline uses it (issue 30 item 1): access tokens from the customer's own OAuth
// client (a refresh token) or from a service-account key (a JWT assertion signed with jose), `sites.list`,
// and `searchAnalytics.query`. Every base URL is a setting (config.google), so tests point it at a stand-in.
// Quota answers (429, or 403 with a rate/quota reason) are retried with exponential back-off; other failures
// throw GoogleApiError carrying Google's own message.
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleUrls } from '../../config';

/** The read-only Search Console scope: Sightline never writes to the customer's account. */
export const SEARCH_CONSOLE_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';

export class GoogleApiError extends Error {
  override name = 'GoogleApiError';
  constructor(
    message: string,
    readonly status: number,
    /** True for quota and rate answers that a later attempt may pass. */
    readonly quota: boolean,
  ) {
    super(message);
  }
}

/** How the client proves who it is. */
export type GoogleCredentials =
  | { kind: 'oauth'; clientId: string; clientSecret: string; refreshToken: string }
  | { kind: 'service-account'; clientEmail: string; privateKey: string };

/** The fields of a service-account JSON key Sightline needs, checked. */
export function parseServiceAccountKey(text: string): { clientEmail: string; privateKey: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(
      'the key is not JSON: paste the whole file Google Cloud downloaded ({"type": "service_account", …})',
    );
  }
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const email = o.client_email;
  const key = o.private_key;
  if (o.type !== 'service_account' || typeof email !== 'string' || typeof key !== 'string')
    throw new Error(
      'the key needs "type": "service_account", "client_email" and "private_key": download a JSON key of the service account again',
    );
  if (!key.includes('BEGIN PRIVATE KEY'))
    throw new Error('"private_key" is not a PKCS #8 PEM key (-----BEGIN PRIVATE KEY-----)');
  return { clientEmail: email, privateKey: key };
}

export interface SiteEntry {
  siteUrl: string;
  permissionLevel: string;
}

/** One row of searchAnalytics.query: the dimension values in request order, and the metrics. */
export interface AnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface AnalyticsQuery {
  startDate: string;
  endDate: string;
  dimensions: readonly string[];
  type: string;
  rowLimit: number;
  startRow: number;
}

export interface RetryPolicy {
  /** Attempts of one request in all, the first included. */
  attempts: number;
  /** Wait before the second attempt (ms); doubled for each further one. */
  baseDelayMs: number;
}

/** Google's per-minute quotas refill within a minute: 2 + 4 + … + 64 s covers two minutes. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 7, baseDelayMs: 2000 };

interface ErrorBody {
  error?: string | { message?: string; errors?: { reason?: string }[]; status?: string };
  error_description?: string;
}

async function failure(res: Response, what: string): Promise<GoogleApiError> {
  const text = await res.text();
  let body: ErrorBody = {};
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    // Not JSON: the status and the start of the text say enough.
  }
  const e = body.error;
  const message =
    typeof e === 'string'
      ? `${e}${body.error_description ? `: ${body.error_description}` : ''}`
      : (e?.message ?? text.slice(0, 200));
  const reasons = typeof e === 'object' && e !== null ? (e.errors ?? []).map((r) => r.reason ?? '') : [];
  const quota =
    res.status === 429 ||
    (res.status === 403 && reasons.some((r) => /rate|quota/i.test(r))) ||
    (typeof e === 'object' && e?.status === 'RESOURCE_EXHAUSTED');
  return new GoogleApiError(`${what} answered ${res.status}: ${message}`, res.status, quota);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Exchanges an authorisation code from the consent page for tokens (the refresh token is kept). */
export async function exchangeCode(
  urls: GoogleUrls,
  client: { clientId: string; clientSecret: string },
  code: string,
  redirectUri: string,
): Promise<{ refreshToken: string }> {
  const res = await fetch(urls.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  if (!res.ok) throw await failure(res, 'Google token endpoint');
  const body = (await res.json()) as { refresh_token?: string };
  if (typeof body.refresh_token !== 'string')
    throw new GoogleApiError(
      'Google gave no refresh token: remove Sightline from the account’s third-party access and connect again',
      400,
      false,
    );
  return { refreshToken: body.refresh_token };
}

/** The consent page address for the customer's OAuth client. */
export function consentUrl(urls: GoogleUrls, clientId: string, redirectUri: string, state: string): string {
  const q = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: SEARCH_CONSOLE_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state,
  });
  return `${urls.authUrl}?${q.toString()}`;
}

export class SearchConsoleClient {
  private token: { value: string; expires: number } | null = null;

  constructor(
    private readonly urls: GoogleUrls,
    private readonly credentials: GoogleCredentials,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  /** A valid access token, fetched again a minute before the last one expires. */
  async accessToken(): Promise<string> {
    if (this.token !== null && Date.now() < this.token.expires - 60_000) return this.token.value;
    const res = await this.withRetry('Google token endpoint', async () =>
      fetch(this.urls.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: await this.grant(),
      }),
    );
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (typeof body.access_token !== 'string')
      throw new GoogleApiError('Google token endpoint answered without an access token', res.status, false);
    this.token = { value: body.access_token, expires: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  async listSites(): Promise<SiteEntry[]> {
    const res = await this.api('sites.list', `${this.urls.searchConsoleUrl}/webmasters/v3/sites`);
    const body = (await res.json()) as { siteEntry?: SiteEntry[] };
    return (body.siteEntry ?? []).map((s) => ({ siteUrl: s.siteUrl, permissionLevel: s.permissionLevel }));
  }

  async query(siteUrl: string, q: AnalyticsQuery): Promise<AnalyticsRow[]> {
    const url = `${this.urls.searchConsoleUrl}/webmasters/v3/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`;
    const res = await this.api('searchAnalytics.query', url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...q, dataState: 'final' }),
    });
    const body = (await res.json()) as { rows?: AnalyticsRow[] };
    return body.rows ?? [];
  }

  private async grant(): Promise<URLSearchParams> {
    const c = this.credentials;
    if (c.kind === 'oauth') {
      return new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: c.refreshToken,
        client_id: c.clientId,
        client_secret: c.clientSecret,
      });
    }
    const key = await importPKCS8(c.privateKey, 'RS256');
    // Google's service-account flow: a one-hour assertion whose audience is the token endpoint.
    const assertion = await new SignJWT({ scope: SEARCH_CONSOLE_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(c.clientEmail)
      .setAudience(this.urls.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    return new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
  }

  private async api(what: string, url: string, init: RequestInit = {}): Promise<Response> {
    return this.withRetry(what, async () =>
      fetch(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${await this.accessToken()}`,
        },
      }),
    );
  }

  private async withRetry(what: string, send: () => Promise<Response>): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const res = await send();
      if (res.ok) return res;
      const error = await failure(res, what);
      if (!error.quota || attempt >= this.retry.attempts) throw error;
      await sleep(this.retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
