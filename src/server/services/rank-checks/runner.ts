// One rank-check run: every keyword of the campaign fetched from the provider (within the account's rate
// limit, retried on 429/5xx/network errors), then all the responses imported as one job through the import
// pipeline: one all-or-nothing commit. If any keyword cannot be fetched, nothing is imported: the run and a
// failed import job say why, so a run is either complete or absent from the data. Responses wait on disk
// (an upload folder under DATA_DIR, removed when the import ends), not in memory: a page is 10–200 kB, so a
// campaign of thousands of keywords would otherwise hold hundreds of megabytes. Progress (keywords fetched
// so far) is kept in memory and written to the MetaStore at most once per `progressEveryMs`.
//
// A run fails fast when the provider cannot serve it (issue 26 item 4): the first keyword is fetched alone,
// with at most PROBE_ATTEMPTS attempts of at most PROBE_TIMEOUT_MS each, so an unreachable provider or a
// refused key ends the run within about half a minute with the provider's answer, before thousands of
// requests queue up. After it, the whole run may spend retryBudget(keywords) failed attempts (a stated
// budget, not one per keyword); past it the run stops with the last error. A run can be cancelled, and it
// stops when its provider key or its schedule is removed (the service aborts `plan.signal`).
import type { Campaign } from '@core/model';
import { Readable } from 'node:stream';
import type { FormatId } from '@ingest/formats/index';
import { ProviderCallError, sendWithRetry } from '@ingest/providers/index';
import type { ProviderDescriptor, RateLimiter, RetryPolicy } from '@ingest/providers/index';
import type { MetaStore } from '@storage/meta-store';
import type { RankCheckRun, RankCheckRunPatch } from '@storage/rank-check-store';
import type { ImportService } from '../import-service';
import { UploadFolder } from '../import-uploads';

export type RunPhase = 'queued' | 'fetching' | 'importing' | 'done';

export interface LiveProgress {
  phase: RunPhase;
  requestsDone: number;
  requestsFailed: number;
  attempts: number;
  /** The provider's last failure while the run goes on (retried), so the screen can say what is wrong. */
  lastError: string | null;
}

/** Attempts of the first keyword, fetched alone before the others. */
export const PROBE_ATTEMPTS = 3;
/** Longest wait for one answer to the first keyword (ms). */
export const PROBE_TIMEOUT_MS = 15_000;

/** Failed attempts (retries) a whole run may spend: 10, or 2 % of its keywords when more. */
export function retryBudget(keywords: number): number {
  return Math.max(10, Math.ceil(keywords * 0.02));
}

/** Why a run was stopped from outside (cancelled, its key or schedule removed): the abort reason. */
export class RunStopped extends Error {
  override name = 'RunStopped';
}

export interface RunPlan {
  run: RankCheckRun;
  campaign: Campaign;
  provider: ProviderDescriptor;
  apiKey: string;
  priceUsd: number;
  keywords: string[];
  limiter: RateLimiter;
  baseUrl: string | undefined;
  /** Aborted with a RunStopped reason when the run is cancelled or its key or schedule is removed. */
  signal: AbortSignal;
}

export interface RunnerDeps {
  meta: MetaStore;
  imports: ImportService;
  /** DATA_DIR: responses wait in an upload folder there until they are imported. */
  dataDir: string;
  now: () => Date;
  policy: RetryPolicy;
  random: () => number;
  progressEveryMs: number;
  /** Aborted when the server stops: requests in flight and waits end at once. */
  signal: AbortSignal;
  onProgress: (runId: number, p: LiveProgress) => void;
}

class RunFailure extends Error {}

/** Runs a planned run to its end; never throws (a failure is recorded on the run). */
export async function executeRun(deps: RunnerDeps, plan: RunPlan): Promise<void> {
  const { meta, now } = deps;
  const { run, provider } = plan;
  const t0 = performance.now();
  const live: LiveProgress = {
    phase: 'fetching',
    requestsDone: 0,
    requestsFailed: 0,
    attempts: 0,
    lastError: null,
  };
  let savedAt = 0;
  let saving: Promise<void> = Promise.resolve();
  const persist = (force = false) => {
    deps.onProgress(run.id, { ...live });
    const t = performance.now();
    if (!force && t - savedAt < deps.progressEveryMs) return;
    savedAt = t;
    const patch: RankCheckRunPatch = {
      requestsDone: live.requestsDone,
      requestsFailed: live.requestsFailed,
      attempts: live.attempts,
    };
    saving = saving.then(() => meta.updateRankCheckRun(run.id, patch).catch(() => undefined));
  };
  const finish = async (patch: RankCheckRunPatch) => {
    live.phase = 'done';
    deps.onProgress(run.id, { ...live });
    await saving;
    await meta.updateRankCheckRun(run.id, {
      requestsDone: live.requestsDone,
      requestsFailed: live.requestsFailed,
      attempts: live.attempts,
      costUsd: live.requestsDone * plan.priceUsd,
      finishedAt: now().toISOString(),
      durationMs: Math.round(performance.now() - t0),
      ...patch,
    });
  };

  const startedAt = now();
  await meta.updateRankCheckRun(run.id, { status: 'running', startedAt: startedAt.toISOString() });
  persist(true);
  // One file per keyword, named so that a reject names the run, the provider and the keyword.
  const names = plan.keywords.map(
    (k) => `rank-check-${run.id}-${provider.id}-${k.replace(/[^\p{L}\p{N}]+/gu, '_')}.json`,
  );
  let folder: UploadFolder | null = null;
  try {
    if (plan.keywords.length === 0)
      throw new RunFailure('the campaign has no keywords to check: import or add keywords first');
    folder = await UploadFolder.create(deps.dataDir, Number.MAX_SAFE_INTEGER);
    const format = await fetchAll(deps, plan, names, folder, live, () => persist());
    live.phase = 'importing';
    persist(true);
    const handed = folder;
    folder = null;
    const job = await importFolder(deps, plan, handed, format);
    if (job.status !== 'succeeded') {
      await finish({
        status: 'failed',
        importJobId: job.id,
        error: `the import failed: ${job.error ?? 'no reason given'}`,
      });
      return;
    }
    await finish({
      status: 'succeeded',
      importJobId: job.id,
      resultsWritten: job.written.serpResults,
      rowsRejected: job.rowsRejected,
      error: null,
    });
  } catch (error) {
    const stopped: unknown = plan.signal.reason;
    const message = deps.signal.aborted
      ? 'stopped: the server shut down during the run; nothing was written'
      : plan.signal.aborted && stopped instanceof RunStopped
        ? `${stopped.message}; nothing was written`
        : error instanceof Error
          ? error.message
          : String(error);
    await folder?.remove().catch(() => undefined);
    const jobId = await recordFailedImport(deps, plan, names, message, startedAt).catch(() => null);
    await finish({ status: 'failed', importJobId: jobId, error: message });
  }
}

/**
 * Fetches every keyword: the first alone (the probe), then the rest together. The first keyword that fails
 * for good, or a run past its retry budget, stops the others and fails the run.
 */
async function fetchAll(
  deps: RunnerDeps,
  plan: RunPlan,
  names: string[],
  folder: UploadFolder,
  live: LiveProgress,
  progress: () => void,
): Promise<FormatId> {
  const { provider, campaign } = plan;
  const stop = new AbortController();
  const signal = AbortSignal.any([deps.signal, plan.signal, stop.signal]);
  const budget = retryBudget(plan.keywords.length);
  let retries = 0;
  let failure: string | null = null;
  const fetchOne = async (keyword: string, i: number, policy: RetryPolicy) => {
    try {
      const request = provider.buildRequest(keyword, campaign.market, {
        apiKey: plan.apiKey,
        ...(plan.baseUrl !== undefined ? { baseUrl: plan.baseUrl } : {}),
      });
      const out = await sendWithRetry(request, {
        limiter: plan.limiter,
        policy,
        verdict: (status, body) => provider.verdict(status, body),
        signal,
        secrets: [plan.apiKey],
        random: deps.random,
        onRetry: (_attempt, _wait, reason) => {
          live.attempts++;
          live.lastError = reason;
          retries++;
          if (retries > budget && failure === null) {
            failure = `gave up after ${retries} failed attempts, the retry budget of a run of ${plan.keywords.length} keywords (${budget}); last error: ${reason}`;
            stop.abort();
          }
          progress();
        },
      });
      live.attempts++;
      live.requestsDone++;
      const doc = provider.importDocument(out.body, {
        fetchedAt: deps.now(),
        market: campaign.market,
        name: names[i]!,
      });
      await folder.save(doc.name, Readable.from([doc.bytes]));
      progress();
    } catch (error) {
      if (signal.aborted && !(error instanceof ProviderCallError)) return;
      if (error instanceof ProviderCallError) live.attempts++;
      live.requestsFailed++;
      const why = error instanceof Error ? error.message : String(error);
      live.lastError = why;
      failure ??= `keyword ${JSON.stringify(keyword)}: ${why}`;
      stop.abort();
      progress();
    }
  };
  const probe: RetryPolicy = {
    ...deps.policy,
    maxAttempts: Math.min(deps.policy.maxAttempts, PROBE_ATTEMPTS),
    timeoutMs: Math.min(deps.policy.timeoutMs, PROBE_TIMEOUT_MS),
  };
  await fetchOne(plan.keywords[0]!, 0, probe);
  if (failure === null && !signal.aborted) {
    await Promise.all(plan.keywords.slice(1).map((k, i) => fetchOne(k, i + 1, deps.policy)));
  }
  deps.signal.throwIfAborted();
  plan.signal.throwIfAborted();
  if (failure !== null) throw new RunFailure(`${failure}; nothing was imported`);
  return provider.importFormat;
}

/** Imports the saved responses as one job (queued behind other imports) and waits for its end. */
async function importFolder(deps: RunnerDeps, plan: RunPlan, folder: UploadFolder, format: FormatId) {
  const { campaign, run } = plan;
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const job = await deps.imports.start({
    organisationId: campaign.organisationId,
    userId: run.userId,
    files: folder.files.map((f) => f.name),
    bytesTotal: folder.bytes,
    open: () => folder.sources(),
    cleanup: async () => {
      await folder.remove().catch(() => undefined);
      ended();
    },
    format,
    market: campaign.market,
    campaignId: campaign.id,
    dryRun: false,
  });
  await deps.meta.updateRankCheckRun(run.id, { importJobId: job.id });
  await done;
  const finished = await deps.meta.getImportJob(job.id);
  if (finished === null) throw new RunFailure(`import job ${job.id} disappeared`);
  return finished;
}

/** A failed run shows as a failed import job too: the import that was not made, and why. */
async function recordFailedImport(
  deps: RunnerDeps,
  plan: RunPlan,
  names: string[],
  error: string,
  startedAt: Date,
): Promise<number> {
  const { campaign, run, provider } = plan;
  const existing = (await deps.meta.getRankCheckRun(run.id))?.importJobId ?? null;
  if (existing !== null) return existing;
  const job = await deps.meta.createImportJob(
    {
      organisationId: campaign.organisationId,
      userId: run.userId,
      files: names,
      format: provider.importFormat,
      market: campaign.market,
      campaignId: campaign.id,
      target: null,
      dryRun: false,
      bytesTotal: null,
    },
    startedAt.toISOString(),
  );
  const finishedAt = deps.now();
  await deps.meta.updateImportJob(job.id, {
    status: 'failed',
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
    error: `rank check run ${run.id} (${provider.label}): ${error}`,
  });
  return job.id;
}
