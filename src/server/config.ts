// Server configuration read from the environment once at start-up and validated with zod, so a wrong value
// stops the server with a message that names the variable instead of failing later somewhere deep.
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_UNZIP_LIMIT_MB } from '@ingest/formats/zip';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Minimum length of any password Sightline accepts (characters); the admin password from env included. */
export const MIN_PASSWORD_LENGTH = 12;

export interface Config {
  port: number;
  host: string;
  /** Absolute folder of the embedded stores (sightline.sqlite, sightline.duckdb). */
  dataDir: string;
  /** PostgreSQL URL of the MetaStore; null selects embedded SQLite. */
  databaseUrl: string | null;
  /** ClickHouse HTTP URL of the RankStore; null selects embedded DuckDB. */
  clickhouseUrl: string | null;
  clickhouseCluster: string | null;
  /** ClickHouse database of the RankStore (created when missing). */
  clickhouseDatabase: string;
  /** Password of the first admin; null means generate a one-time password at first start. */
  adminPassword: string | null;
  adminEmail: string;
  /** Adds `Secure` to the session cookie; set it when Sightline is served over HTTPS. */
  cookieSecure: boolean;
  logLevel: LogLevel;
  /** Absolute folder of the built web app (index.html and assets). */
  webDir: string;
  /** Largest import upload accepted (bytes): SIGHTLINE_UPLOAD_LIMIT_MB, default 2,048 MB. */
  uploadLimitBytes: number;
  /**
   * Most bytes one import may unpack from its ZIP archives, all together, counted as they are unpacked:
   * SIGHTLINE_UNZIP_LIMIT_MB, default 1,024 MB.
   */
  unzipLimitBytes: number;
  /**
   * Key that encrypts SERP-provider API keys at rest (AES-256-GCM): SIGHTLINE_SECRET_KEY, 32 bytes in base64.
   * Null: a random key generated once into DATA_DIR/secret.key (mode 0600) is used.
   */
  secretKey: string | null;
  /**
   * Base URLs replacing SERP providers' public ones (a proxy, a mirror, a test stand-in), by provider id:
   * SIGHTLINE_SERP_BASE_URLS=`serpapi=http://…,serper=http://…`. Empty when unset.
   */
  serpBaseUrls: Record<string, string>;
  /** Set-up limits (issue 25): a write past one answers 402 naming the limit. */
  limits: SetupLimits;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (TRUST_PROXY): false (none, the
   * default: the address is the connection's), true (any), a number of hops, or addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /**
   * The address people reach Sightline at (PUBLIC_URL, e.g. `https://sightline.example.com`, no trailing
   * slash): invitation and share links are built on it, never on a request's Host header. Null: links are
   * answered as paths (`/invite/…`), which the web app completes with the address the browser is on.
   */
  publicUrl: string | null;
  /** Sessions unused for this long end (SESSION_IDLE_MINUTES, default 720 = 12 hours), in milliseconds. */
  sessionIdleMs: number;
  /** Where the Search Console connection talks to Google (issue 30); settings so a stand-in can answer. */
  google: GoogleUrls;
}

export interface GoogleUrls {
  /** OAuth consent page (GOOGLE_OAUTH_AUTH_URL). */
  authUrl: string;
  /** OAuth token endpoint, also the audience of service-account assertions (GOOGLE_OAUTH_TOKEN_URL). */
  tokenUrl: string;
  /** Search Console API root, before `/webmasters/v3/…` (SEARCH_CONSOLE_API_URL). */
  searchConsoleUrl: string;
}

export interface SetupLimits {
  /** Keywords one campaign may hold: SIGHTLINE_MAX_CAMPAIGN_KEYWORDS, default 250,000. */
  keywordsPerCampaign: number;
  /** Tracked domains (own and competitors) of one campaign: SIGHTLINE_MAX_TRACKED_DOMAINS, default 25. */
  domainsPerCampaign: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z.string().trim().min(1).optional();

/** An http(s) URL without user name, query or fragment: a base that paths can be appended to. */
function isPublicUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return /^https?:$/u.test(u.protocol) && u.username === '' && !/[?#]/u.test(value);
  } catch {
    return false;
  }
}

/** A link to `path` (starting with `/`) for people: on PUBLIC_URL when configured, else the path alone. */
export function publicLink(publicUrl: string | null, path: string): string {
  return publicUrl === null ? path : `${publicUrl}${path}`;
}
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no'], {
  message: 'expected true or false',
});

const httpUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s]+$/u, 'expected an http(s) address such as https://oauth2.googleapis.com/token');

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(1, 'expected a port from 1 to 65535')
    .max(65535, 'expected a port from 1 to 65535')
    .default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'expected a PostgreSQL URL such as postgres://user@host:5432/sightline')
    .optional(),
  CLICKHOUSE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, 'expected a ClickHouse HTTP URL such as http://127.0.0.1:8123')
    .optional(),
  CLICKHOUSE_CLUSTER: optionalText,
  CLICKHOUSE_DATABASE: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'expected a database name of letters, digits and underscores')
    .default('sightline'),
  SIGHTLINE_ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `use at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, 'use at most 200 characters')
    .optional(),
  SIGHTLINE_ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'expected an email address such as admin@example.com' }))
    .default('admin@sightline.local'),
  COOKIE_SECURE: flag.default('false'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(', ')}` }).default('warn'),
  SIGHTLINE_WEB_DIR: z.string().trim().min(1).default('dist/web'),
  SIGHTLINE_UPLOAD_LIMIT_MB: z.coerce
    .number({ message: 'expected a size in megabytes' })
    .int('expected a whole number of megabytes')
    .min(1, 'expected at least 1 megabyte')
    .max(1_048_576, 'expected at most 1,048,576 megabytes (1 TB)')
    .default(2048),
  SIGHTLINE_UNZIP_LIMIT_MB: z.coerce
    .number({ message: 'expected a size in megabytes' })
    .int('expected a whole number of megabytes')
    .min(1, 'expected at least 1 megabyte')
    .max(1_048_576, 'expected at most 1,048,576 megabytes (1 TB)')
    .default(DEFAULT_UNZIP_LIMIT_MB),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-f.:/]+(,[0-9a-f.:/]+)*)$/iu,
      'expected false, true, a number of proxy hops, or proxy addresses and CIDR ranges separated by commas',
    )
    .default('false'),
  SIGHTLINE_MAX_CAMPAIGN_KEYWORDS: z.coerce
    .number({ message: 'expected a number of keywords' })
    .int('expected a whole number of keywords')
    .min(1, 'expected at least 1 keyword')
    .max(10_000_000, 'expected at most 10,000,000 keywords')
    .default(250_000),
  // One colour each from the 25-colour series palette (spec §3) keeps every series distinct.
  SIGHTLINE_MAX_TRACKED_DOMAINS: z.coerce
    .number({ message: 'expected a number of domains' })
    .int('expected a whole number of domains')
    .min(1, 'expected at least 1 domain')
    .max(100, 'expected at most 100 domains')
    .default(25),
  SIGHTLINE_SECRET_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9+/]+={0,2}$/u.test(v) && Buffer.from(v, 'base64').length === 32,
      'expected 32 random bytes in base64, such as the output of `openssl rand -base64 32`',
    )
    .optional(),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(
      isPublicUrl,
      'expected the http(s) address people open Sightline at, such as https://sightline.example.com',
    )
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ message: 'expected a number of minutes' })
    .int('expected a whole number of minutes')
    .min(5, 'expected at least 5 minutes')
    .max(20_160, 'expected at most 20,160 minutes (14 days, the longest a session lives)')
    .default(720),
  GOOGLE_OAUTH_AUTH_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  SEARCH_CONSOLE_API_URL: httpUrl.default('https://searchconsole.googleapis.com'),
  SIGHTLINE_SERP_BASE_URLS: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9]+=https?:\/\/[^\s,]+(,[a-z0-9]+=https?:\/\/[^\s,]+)*$/u,
      'expected provider=URL pairs separated by commas, such as serpapi=http://127.0.0.1:9000',
    )
    .optional(),
});

/**
 * Reads the configuration from `env` (process.env by default); relative folders resolve against `cwd`.
 * Empty variables count as unset. Throws ConfigError naming every bad variable and why.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((k) => [k, env[k]] as const)
      .filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    clickhouseUrl: e.CLICKHOUSE_URL ?? null,
    clickhouseCluster: e.CLICKHOUSE_CLUSTER ?? null,
    clickhouseDatabase: e.CLICKHOUSE_DATABASE,
    adminPassword: e.SIGHTLINE_ADMIN_PASSWORD ?? null,
    adminEmail: e.SIGHTLINE_ADMIN_EMAIL,
    cookieSecure: ['true', '1', 'yes'].includes(e.COOKIE_SECURE),
    logLevel: e.LOG_LEVEL,
    webDir: resolve(cwd, e.SIGHTLINE_WEB_DIR),
    uploadLimitBytes: e.SIGHTLINE_UPLOAD_LIMIT_MB * 1024 * 1024,
    unzipLimitBytes: e.SIGHTLINE_UNZIP_LIMIT_MB * 1024 * 1024,
    secretKey: e.SIGHTLINE_SECRET_KEY ?? null,
    serpBaseUrls: Object.fromEntries(
      (e.SIGHTLINE_SERP_BASE_URLS?.split(',') ?? []).map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
    ),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL === undefined ? null : e.PUBLIC_URL.replace(/\/+$/u, ''),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    google: {
      authUrl: e.GOOGLE_OAUTH_AUTH_URL,
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
      searchConsoleUrl: e.SEARCH_CONSOLE_API_URL.replace(/\/+$/u, ''),
    },
    limits: {
      keywordsPerCampaign: e.SIGHTLINE_MAX_CAMPAIGN_KEYWORDS,
      domainsPerCampaign: e.SIGHTLINE_MAX_TRACKED_DOMAINS,
    },
  };
}

function trustProxyOf(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/u.test(value)) return Number(value);
  return value.split(',');
}
