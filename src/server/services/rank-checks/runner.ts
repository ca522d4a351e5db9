// One rank-check run: every keyword of the campaign fetched from the provider (within the account's rate
// limit, retried on 429/5xx/network errors), then all the responses imported as one job through the import
// pipeline: one all-or-nothing commit. If any keyword cannot be fetched, nothing is imported: the run and a
// failed import job say why, so a run is either complete or absent from the data. Responses wait on disk
// (an upload folder under DATA_DIR, removed when the import ends), not in memory: a page is 10–200 kB, so a
// campaign of thousands of keywords would otherwise hold hundreds of megabytes. Progress (keywords fetched
// so far) is kept in memory and written to the MetaStore at most once per `progressEveryMs`.
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
  const live: LiveProgress = { phase: 'fetching', requestsDone: 0, requestsFailed: 0, attempts: 0 };
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
    const message = deps.signal.aborted
      ? 'stopped: the server shut down during the run; nothing was written'
      : error instanceof Error
        ? error.message
        : String(error);
    await folder?.remove().catch(() => undefined);
    const jobId = await recordFailedImport(deps, plan, names, message, startedAt).catch(() => null);
    await finish({ status: 'failed', importJobId: jobId, error: message });
  }
}

/** Fetches every keyword; the first keyword that fails for good stops the others and fails the run. */
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
  const signal = AbortSignal.any([deps.signal, stop.signal]);
  let failure: string | null = null;
  await Promise.all(
    plan.keywords.map(async (keyword, i) => {
      try {
        const request = provider.buildRequest(keyword, campaign.market, {
          apiKey: plan.apiKey,
          ...(plan.baseUrl !== undefined ? { baseUrl: plan.baseUrl } : {}),
        });
        const out = await sendWithRetry(request, {
          limiter: plan.limiter,
          policy: deps.policy,
          verdict: (status, body) => provider.verdict(status, body),
          signal,
          secrets: [plan.apiKey],
          random: deps.random,
          onRetry: () => {
            live.attempts++;
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
        failure ??= `keyword ${JSON.stringify(keyword)}: ${error instanceof Error ? error.message : String(error)}`;
        stop.abort();
        progress();
      }
    }),
  );
  deps.signal.throwIfAborted();
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
