// Scheduled rank checks (issue 3, build item 4): SERP providers and their per-organisation API keys
// (ROLE_ADMIN; a key is never returned, only whether it is set, its last four characters and when it was
// changed), and per campaign a schedule with its cost estimate, its confirmation, "run now" and the run
// history (ROLE_CV).
import { z } from 'zod';

/** Provider ids; the same list as src/ingest/providers (a test checks that they agree). */
export const PROVIDER_IDS = ['serpapi', 'dataforseo', 'valueserp', 'serper'] as const;
export const providerId = z.enum(PROVIDER_IDS, { message: `expected one of ${PROVIDER_IDS.join(', ')}` });
export type RankCheckProviderId = z.infer<typeof providerId>;

export const FREQUENCIES = ['daily', 'weekly'] as const;
export const frequency = z.enum(FREQUENCIES, { message: 'expected daily or weekly' });

export const providerKeyStatus = z.object({
  set: z.boolean(),
  /** Shown to administrators only; null otherwise or when no key is set. */
  last4: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

export const providerInfo = z.object({
  id: providerId,
  label: z.string(),
  keyHint: z.string(),
  capabilities: z.object({
    resultTypes: z.array(z.string()),
    /** ISO 3166-1 alpha-2 countries, or 'any'. */
    countries: z.union([z.literal('any'), z.array(z.string())]),
    devices: z.array(z.enum(['desktop', 'mobile'])),
    maxDepth: z.number().int(),
    depth: z.number().int(),
    maxResultsPerRequest: z.number().int(),
  }),
  /** The provider's public list price per request (USD). */
  listPriceUsd: z.number(),
  /** The price estimates use: the organisation's override, else the list price. */
  priceUsd: z.number(),
  costOverrideUsd: z.number().nullable(),
  rateLimit: z.object({
    requestsPerSecond: z.number(),
    burst: z.number(),
    concurrency: z.number().int(),
  }),
  requestsPerSecondOverride: z.number().nullable(),
  key: providerKeyStatus,
});
export type ProviderInfo = z.infer<typeof providerInfo>;

export const providersResponse = z.object({ items: z.array(providerInfo) });
export type ProvidersResponse = z.infer<typeof providersResponse>;

export const saveProviderKeyRequest = z
  .object({
    /** The API key (DataForSEO: login:password); omit to change only the overrides of a key already set. */
    apiKey: z
      .string()
      .trim()
      .min(8, 'an API key has at least 8 characters')
      .max(1000, 'an API key has at most 1,000 characters')
      .optional(),
    /** The organisation's price per request (USD); null returns to the list price. */
    costOverrideUsd: z.number().min(0).max(10, 'at most US$10 per request').nullable().optional(),
    /** The organisation's plan's requests per second; null returns to the provider's default. */
    requestsPerSecondOverride: z.number().positive().max(1000).nullable().optional(),
  })
  .strict();
export type SaveProviderKeyRequest = z.infer<typeof saveProviderKeyRequest>;

export const providerParams = z.object({ provider: providerId });

export const costEstimate = z.object({
  provider: providerId,
  label: z.string(),
  keywords: z.number().int(),
  priceUsd: z.number(),
  perRunUsd: z.number(),
  monthlyUsd: z.object({ daily: z.number(), weekly: z.number() }),
  keySet: z.boolean(),
  /** Why the provider cannot check this campaign's market; null when it can. */
  unsupported: z.string().nullable(),
});
export type CostEstimate = z.infer<typeof costEstimate>;

export const scheduleView = z.object({
  provider: providerId,
  frequency,
  /** Hour of the day, UTC. */
  hour: z.number().int(),
  /** 0 = Sunday … 6 = Saturday, for weekly checks. */
  weekday: z.number().int().nullable(),
  enabled: z.boolean(),
  confirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
  /** When the next scheduled run starts; null until confirmed, or when disabled. */
  nextRunAt: z.string().nullable(),
  perRunUsd: z.number(),
  monthlyUsd: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleView = z.infer<typeof scheduleView>;

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const runView = z.object({
  id: z.number().int(),
  provider: providerId,
  origin: z.enum(['schedule', 'manual']),
  status: z.enum(RUN_STATUSES),
  /** While running: fetching the keywords, or importing the responses. */
  phase: z.enum(['queued', 'fetching', 'importing', 'done']),
  keywords: z.number().int(),
  requestsDone: z.number().int(),
  requestsFailed: z.number().int(),
  attempts: z.number().int(),
  resultsWritten: z.number().int(),
  rowsRejected: z.number().int(),
  estimatedCostUsd: z.number(),
  costUsd: z.number(),
  importJobId: z.number().int().nullable(),
  error: z.string().nullable(),
  /** While running: the provider's last failure (being retried within the run's budget); null otherwise. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type RunView = z.infer<typeof runView>;

export const rankChecksResponse = z.object({
  campaignId: z.number().int(),
  market: z.string(),
  keywords: z.number().int(),
  schedule: scheduleView.nullable(),
  estimates: z.array(costEstimate),
  runs: z.array(runView),
});
export type RankChecksResponse = z.infer<typeof rankChecksResponse>;

export const saveScheduleRequest = z
  .object({
    provider: providerId,
    frequency,
    hour: z.number().int().min(0, 'an hour from 0 to 23').max(23, 'an hour from 0 to 23'),
    weekday: z
      .number()
      .int()
      .min(0, 'a weekday from 0 (Sunday) to 6')
      .max(6, 'a weekday from 0 (Sunday) to 6')
      .nullable()
      .optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
  .refine((s) => s.frequency === 'daily' || (s.weekday !== undefined && s.weekday !== null), {
    message: 'a weekly check needs its weekday (0 = Sunday … 6 = Saturday)',
    path: ['weekday'],
  });
export type SaveScheduleRequest = z.infer<typeof saveScheduleRequest>;

export const runNowRequest = z
  .object({
    /** Defaults to the schedule's provider. */
    provider: providerId.optional(),
    /** Accepts the cost of the run when no confirmed schedule covers it yet. */
    confirm: z.boolean().optional(),
  })
  .strict();
export type RunNowRequest = z.infer<typeof runNowRequest>;

export const campaignParams = z.object({ id: z.coerce.number().int().positive() });
