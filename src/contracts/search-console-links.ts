// Search Console connections and linked properties (issue 30 item 1): an organisation connects its own
// Google OAuth client or a service-account key, lists the properties the account can read, links one, and
// Sightline backfills 16 months and then syncs daily. One contract for the server, the web app and OpenAPI.
import { z } from 'zod';
import { SEARCH_TYPES } from '@core/search-console-sync';

const text = (what: string, max: number) =>
  z.string().trim().min(1, `give the ${what}`).max(max, `the ${what} has at most ${max} characters`);

export const searchType = z.enum(SEARCH_TYPES);

export const createOAuthConnectionRequest = z
  .object({
    clientId: text('OAuth client id', 300).regex(
      /^[\w.-]+$/u,
      'an OAuth client id is letters, digits, dots and dashes, such as 1234-abc.apps.googleusercontent.com',
    ),
    clientSecret: text('OAuth client secret', 300),
  })
  .strict();

export const createServiceAccountConnectionRequest = z
  .object({ key: text('service-account JSON key', 20_000).describe('The whole JSON key file as text') })
  .strict();

export const gscConnection = z.object({
  id: z.number().int(),
  kind: z.enum(['oauth', 'service-account']),
  label: z.string().describe('The OAuth client id or the service account e-mail'),
  /** False for an OAuth connection whose consent page has not been passed yet. */
  ready: z.boolean(),
  createdAt: z.string(),
});
export type GscConnectionView = z.infer<typeof gscConnection>;

export const oauthConnectionResponse = z.object({
  connection: gscConnection,
  consentUrl: z.string().describe("Open this address to grant read access on Google's consent page"),
});

export const gscConnectionsResponse = z.object({
  items: z.array(gscConnection),
  redirectUri: z.string().describe('Register this address as an authorised redirect URI of the OAuth client'),
});

export const oauthCallbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().min(1).max(2000),
  error: z.string().max(200).optional(),
});

export const gscSite = z.object({ siteUrl: z.string(), permissionLevel: z.string() });
export const gscSitesResponse = z.object({ items: z.array(gscSite) });

export const createGscLinkRequest = z
  .object({
    connectionId: z.number().int().positive(),
    siteUrl: text('property', 500).regex(
      /^(https?:\/\/\S+\/|sc-domain:[a-z0-9.-]+)$/u,
      'a property is https://www.example.com/ (with the final slash) or sc-domain:example.com',
    ),
    searchTypes: z
      .array(searchType)
      .min(1, 'sync at least one search type (web is the usual one)')
      .refine((l) => new Set(l).size === l.length, 'name each search type once')
      .default(['web']),
  })
  .strict();

export const gscLink = z.object({
  id: z.number().int(),
  connectionId: z.number().int(),
  siteUrl: z.string(),
  searchTypes: z.array(searchType),
  syncedThrough: z.string().nullable().describe('Last day stored for every search type, YYYY-MM-DD'),
  status: z.enum(['idle', 'running', 'failed']),
  daysDone: z.number().int(),
  daysTotal: z.number().int(),
  rowsWritten: z.number().int(),
  lastError: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GscLinkView = z.infer<typeof gscLink>;

export const gscLinksResponse = z.object({
  items: z.array(gscLink),
  nextSyncAt: z.string().nullable().describe('When the daily sync of every link starts next (05:00 UTC)'),
});
