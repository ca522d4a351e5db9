// A local stand-in for the four SERP providers: a loopback HTTP server that answers each provider's route
// with the real responses in ../shared/data/serp-api (Serper: the documented fixture, as no real response
// exists), chosen by the keyword asked for. Tests script failures (a 429, a 500, a dropped connection) before
// the replay, and read every request it received with its arrival time (performance.now(), ms), so rate
// limits are measured where the requests land. Point Sightline at it with baseUrls() /
// SIGHTLINE_SERP_BASE_URLS.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

// Paths from the repository root, where vitest runs (as test/import-fixtures.ts does).
export const SERP_DATA = resolve('..', 'shared', 'data', 'serp-api');
export const SERPER_FIXTURE = resolve('test', 'rank-checks', 'fixtures', 'serper-documented.json');

type Provider = 'serpapi' | 'dataforseo' | 'valueserp' | 'serper';

export interface ReplayHit {
  provider: Provider;
  /** The keyword asked for. */
  keyword: string;
  /** Arrival time, performance.now() ms. */
  at: number;
  status: number;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A scripted answer: a status with a body, 'drop' (the connection is closed without an answer), or 'real'
 * (the recorded page, as if nothing were scripted).
 */
export type Scripted = { status: number; body?: string; headers?: Record<string, string> } | 'drop' | 'real';

function read(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** Lookup key → response text, per provider: the keyword in lower case; for SerpApi `{gl}:{keyword}`, as
 * "matcha" is both a US page (of the seven) and a Canadian one. */
function library(): Record<Provider, Map<string, string>> {
  const serpapi = new Map<string, string>();
  const add = (doc: unknown) => {
    const p = (doc as { search_parameters: { q: string; gl?: string } }).search_parameters;
    serpapi.set(`${p.gl ?? 'us'}:${p.q.toLowerCase()}`, JSON.stringify(doc));
  };
  for (const doc of read(join(SERP_DATA, 'google_light_7_coffee_keywords.json')) as unknown[]) add(doc);
  add(read(join(SERP_DATA, 'google_matcha_vancouver_full_serp.json')));
  const dfs = read(join(SERP_DATA, 'dfs_serp_google_organic_live_regular.json')) as {
    tasks: { data: { keyword: string } }[];
  };
  const scale = read(join(SERP_DATA, 'scaleserp_google_pl_apartamenty_inwestycyjne_2020-06-06.json')) as {
    data: { search_parameters: { q: string } };
  };
  const serper = read(SERPER_FIXTURE) as { searchParameters: { q: string } };
  return {
    serpapi,
    dataforseo: new Map([[dfs.tasks[0]!.data.keyword.toLowerCase(), JSON.stringify(dfs)]]),
    valueserp: new Map([[scale.data.search_parameters.q.toLowerCase(), JSON.stringify(scale)]]),
    serper: new Map([[serper.searchParameters.q.toLowerCase(), JSON.stringify(serper)]]),
  };
}

/** The provider and keyword of a request to one of the four routes; null for any other request. */
function route(
  req: IncomingMessage,
  body: string,
): { provider: Provider; keyword: string; key: string } | null {
  const url = new URL(req.url ?? '/', 'http://replay');
  const p = url.pathname;
  const q = url.searchParams.get('q') ?? '';
  const plain = (provider: Provider, keyword: string) => ({ provider, keyword, key: keyword.toLowerCase() });
  if (req.method === 'GET' && p === '/serpapi/search.json') {
    const gl = url.searchParams.get('gl') ?? 'us';
    return { provider: 'serpapi', keyword: q, key: `${gl}:${q.toLowerCase()}` };
  }
  if (req.method === 'GET' && p === '/valueserp/search') return plain('valueserp', q);
  if (req.method === 'POST' && p === '/dataforseo/v3/serp/google/organic/live/advanced')
    return plain('dataforseo', (JSON.parse(body) as { keyword: string }[])[0]?.keyword ?? '');
  if (req.method === 'POST' && p === '/serper/search')
    return plain('serper', (JSON.parse(body) as { q: string }).q);
  return null;
}

export class SerpReplayServer {
  readonly hits: ReplayHit[] = [];
  private readonly responses = library();
  private readonly scripts = new Map<Provider, Scripted[]>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<SerpReplayServer> {
    let self: SerpReplayServer | null = null;
    const server = createServer((req, res) => void self!.handle(req, res));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    self = new SerpReplayServer(server, (server.address() as AddressInfo).port);
    return self;
  }

  /** Keywords the replay has a real response for (SerpApi: in the country `gl`). */
  keywords(provider: Provider, gl = 'us'): string[] {
    const keys = [...this.responses[provider].keys()];
    if (provider !== 'serpapi') return keys;
    return keys.filter((k) => k.startsWith(`${gl}:`)).map((k) => k.slice(gl.length + 1));
  }

  /** The provider's base URL at this server. */
  baseUrl(provider: Provider): string {
    return `http://127.0.0.1:${this.port}/${provider}`;
  }

  /** Base URLs of every provider, as RankCheckOptions.baseUrls. */
  baseUrls(): Record<Provider, string> {
    return {
      serpapi: this.baseUrl('serpapi'),
      dataforseo: this.baseUrl('dataforseo'),
      valueserp: this.baseUrl('valueserp'),
      serper: this.baseUrl('serper'),
    };
  }

  /** SIGHTLINE_SERP_BASE_URLS pointing every provider here. */
  envValue(): string {
    return Object.entries(this.baseUrls())
      .map(([k, v]) => `${k}=${v}`)
      .join(',');
  }

  /** Answers the provider's next requests with these, in order, before replaying again. */
  script(provider: Provider, answers: Scripted[]): void {
    this.scripts.set(provider, [...(this.scripts.get(provider) ?? []), ...answers]);
  }

  reset(): void {
    this.hits.length = 0;
    this.scripts.clear();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((ok) => this.server.close(() => ok()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const r = route(req, body);
    if (r === null) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such route"}');
      return;
    }
    const hit = {
      provider: r.provider,
      keyword: r.keyword,
      at,
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
    };
    const next = this.scripts.get(r.provider)?.shift();
    if (next === 'drop') {
      this.hits.push({ ...hit, status: 0 });
      req.socket.destroy();
      return;
    }
    if (next !== undefined && next !== 'real') {
      this.hits.push({ ...hit, status: next.status });
      res
        .writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
        .end(
          next.body ??
            JSON.stringify({ error: `scripted ${next.status}`, message: `scripted ${next.status}` }),
        );
      return;
    }
    const text = this.responses[r.provider].get(r.key);
    const status = text === undefined ? 404 : 200;
    this.hits.push({ ...hit, status });
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(text ?? JSON.stringify({ error: `the replay has no response for ${JSON.stringify(r.keyword)}` }));
  }
}
