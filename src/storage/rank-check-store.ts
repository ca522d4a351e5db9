// The rank-check part of the MetaStore port (issue 3, build item 4): per organisation, one encrypted API key
// per SERP provider; per campaign, one schedule; and the history of runs. MetaStore extends this interface;
// both engines implement it in meta/rank-checks.ts and pass test/storage/meta-store.rank-checks-cases.ts.
// Amounts of money are US dollars here and whole micro-dollars in the tables.
import type { CheckSchedule } from '@core/model';

export interface ProviderCredential {
  organisationId: number;
  /** Provider id (`serpapi`, `dataforseo`, `valueserp`, `serper`). */
  provider: string;
  /** The API key encrypted by the server (AES-256-GCM); the store never sees the key itself. */
  keyCiphertext: string;
  /** Last four characters of the key, for people to recognise it. */
  keyLast4: string;
  /** The organisation's own price per request (USD), replacing the provider's list price; null = list price. */
  costOverrideUsd: number | null;
  /** The organisation's plan's request rate (per second), replacing the provider's default; null = default. */
  requestsPerSecondOverride: number | null;
  updatedAt: string;
  updatedBy: number | null;
}

export type NewProviderCredential = Omit<ProviderCredential, 'updatedAt'>;

export interface RankCheckSchedule {
  campaignId: number;
  organisationId: number;
  provider: string;
  frequency: CheckSchedule;
  /** Hour of the day (UTC), 0–23. */
  hour: number;
  /** Day of the week for weekly checks, 0 = Sunday … 6 = Saturday; null for daily checks. */
  weekday: number | null;
  enabled: boolean;
  /** When someone confirmed the cost estimate; scheduled runs start only after it. */
  confirmedAt: string | null;
  confirmedBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export type RankCheckScheduleInput = Omit<RankCheckSchedule, 'createdAt' | 'updatedAt'>;

export type RankCheckRunStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type RankCheckOrigin = 'schedule' | 'manual';

export interface RankCheckRun {
  id: number;
  organisationId: number;
  campaignId: number;
  provider: string;
  origin: RankCheckOrigin;
  status: RankCheckRunStatus;
  /** Who started a manual run; null for scheduled runs. */
  userId: number | null;
  keywords: number;
  /** Keywords fetched successfully so far. */
  requestsDone: number;
  /** Keywords whose fetch failed for good. */
  requestsFailed: number;
  /** HTTP requests sent, retries included. */
  attempts: number;
  /** SERP results the run's import wrote. */
  resultsWritten: number;
  /** Rows the run's import rejected. */
  rowsRejected: number;
  estimatedCostUsd: number;
  /** What the provider charges for the run: successful requests × price (failed requests are not charged). */
  costUsd: number;
  /** The import job that wrote (or failed to write) the run's results. */
  importJobId: number | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
}

export type NewRankCheckRun = Pick<
  RankCheckRun,
  'organisationId' | 'campaignId' | 'provider' | 'origin' | 'userId' | 'keywords' | 'estimatedCostUsd'
>;

/** Fields an update may change; absent fields keep their value. */
export type RankCheckRunPatch = Partial<
  Pick<
    RankCheckRun,
    | 'status'
    | 'keywords'
    | 'requestsDone'
    | 'requestsFailed'
    | 'attempts'
    | 'resultsWritten'
    | 'rowsRejected'
    | 'estimatedCostUsd'
    | 'costUsd'
    | 'importJobId'
    | 'error'
    | 'startedAt'
    | 'finishedAt'
    | 'durationMs'
  >
>;

export interface RankCheckMethods {
  /** Stores (or replaces) the organisation's key for a provider. */
  saveProviderCredential(c: NewProviderCredential, now: string): Promise<ProviderCredential>;
  getProviderCredential(organisationId: number, provider: string): Promise<ProviderCredential | null>;
  /** The organisation's keys, by provider id. */
  listProviderCredentials(organisationId: number): Promise<ProviderCredential[]>;
  /** Returns false when there was no such key. */
  deleteProviderCredential(organisationId: number, provider: string): Promise<boolean>;

  /** Creates or replaces the campaign's schedule (its creation time is kept). */
  saveRankCheckSchedule(s: RankCheckScheduleInput, now: string): Promise<RankCheckSchedule>;
  getRankCheckSchedule(campaignId: number): Promise<RankCheckSchedule | null>;
  /** Every schedule of every organisation, by campaign id (the scheduler loads them at start). */
  listRankCheckSchedules(): Promise<RankCheckSchedule[]>;
  deleteRankCheckSchedule(campaignId: number): Promise<boolean>;

  createRankCheckRun(r: NewRankCheckRun, now: string): Promise<RankCheckRun>;
  updateRankCheckRun(id: number, patch: RankCheckRunPatch): Promise<void>;
  getRankCheckRun(id: number): Promise<RankCheckRun | null>;
  /** The campaign's newest runs first, at most `limit`. */
  listRankCheckRuns(campaignId: number, limit: number): Promise<RankCheckRun[]>;
  /** Marks queued and running runs failed (their process is gone); call once at start-up. Returns how many. */
  failUnfinishedRankCheckRuns(error: string, now: string): Promise<number>;
}
