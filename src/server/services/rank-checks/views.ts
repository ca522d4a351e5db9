// How rank-check records are shown by the API: providers with the organisation's key status (never the key;
// its last four characters to administrators only), a schedule with its cost, and a run with its live phase.
import type { ProviderInfo, RankCheckProviderId, RunView, ScheduleView } from '@contracts/rank-checks';
import type { ProviderDescriptor } from '@ingest/providers/index';
import type { ProviderCredential, RankCheckRun, RankCheckSchedule } from '@storage/rank-check-store';
import { estimateCost, runsPerMonth, usd } from './estimate';
import type { LiveProgress } from './runner';

/** The price estimates use: the organisation's own when set, else the provider's list price (USD). */
export function priceOf(provider: ProviderDescriptor, credential: ProviderCredential | null): number {
  return credential?.costOverrideUsd ?? provider.costPerRequestUsd;
}

export function providerView(
  provider: ProviderDescriptor,
  credential: ProviderCredential | null,
  isAdmin: boolean,
): ProviderInfo {
  return {
    id: provider.id,
    label: provider.label,
    keyHint: provider.keyHint,
    capabilities: {
      resultTypes: [...provider.capabilities.resultTypes],
      countries: provider.capabilities.countries === 'any' ? 'any' : [...provider.capabilities.countries],
      devices: [...provider.capabilities.devices],
      maxDepth: provider.capabilities.maxDepth,
      depth: provider.capabilities.depth,
      maxResultsPerRequest: provider.capabilities.maxResultsPerRequest,
    },
    listPriceUsd: provider.costPerRequestUsd,
    priceUsd: priceOf(provider, credential),
    costOverrideUsd: credential?.costOverrideUsd ?? null,
    rateLimit: { ...provider.rateLimit },
    requestsPerSecondOverride: credential?.requestsPerSecondOverride ?? null,
    key: {
      set: credential !== null,
      last4: isAdmin && credential !== null ? credential.keyLast4 : null,
      updatedAt: credential?.updatedAt ?? null,
    },
  };
}

export function scheduleView(
  s: RankCheckSchedule,
  keywords: number,
  priceUsd: number,
  nextRun: Date | null,
): ScheduleView {
  const estimate = estimateCost(keywords, priceUsd);
  return {
    provider: s.provider as RankCheckProviderId,
    frequency: s.frequency,
    hour: s.hour,
    weekday: s.weekday,
    enabled: s.enabled,
    confirmed: s.confirmedAt !== null,
    confirmedAt: s.confirmedAt,
    nextRunAt: nextRun?.toISOString() ?? null,
    perRunUsd: estimate.perRunUsd,
    monthlyUsd: usd(estimate.perRunUsd * runsPerMonth(s.frequency)),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** A stored run with the live progress of one in flight (its phase and the provider's last failure). */
export function runView(run: RankCheckRun, live: LiveProgress | undefined): RunView {
  const ended = run.status === 'succeeded' || run.status === 'failed';
  const phase = live?.phase;
  return {
    id: run.id,
    provider: run.provider as RankCheckProviderId,
    origin: run.origin,
    status: run.status,
    phase: ended ? 'done' : (phase ?? (run.status === 'queued' ? 'queued' : 'fetching')),
    keywords: run.keywords,
    requestsDone: run.requestsDone,
    requestsFailed: run.requestsFailed,
    attempts: run.attempts,
    resultsWritten: run.resultsWritten,
    rowsRejected: run.rowsRejected,
    estimatedCostUsd: run.estimatedCostUsd,
    costUsd: usd(run.costUsd),
    importJobId: run.importJobId,
    error: run.error,
    lastError: ended ? null : (live?.lastError ?? null),
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    durationMs: run.durationMs,
  };
}

/** Why the provider cannot check a market (a country or device it lacks); null when it can. */
export function unsupportedReason(provider: ProviderDescriptor, market: string): string | null {
  try {
    provider.buildRequest('sightline', market, { apiKey: 'unused' });
    return null;
  } catch (error) {
    if (error instanceof RangeError) return error.message;
    throw error;
  }
}
