// Imports as recorded jobs (issue 3), shared by the CLI, the upload screen and the API: a job is created
// queued, runs through the ingest pipeline (one all-or-nothing RankStore commit), and ends succeeded or
// failed with its counts, capped warnings and rejects. Server imports run one at a time in arrival order
// (each holds a file's dictionaries in memory); progress is kept in memory while a job runs and written to
// the MetaStore at most once a second, so GET /imports/:id shows bytes and rows so far. A campaign named by
// an import must belong to the organisation; its keywords in the campaign's market join it in the same
// commit. Markets first seen in an import are added to the organisation's markets (market-keys.ts): an
// import writes the rankings of the organisation's own markets, never another's.
import type { ImportJobView, ImportJobsResponse } from '@contracts/imports';
import type { FormatId, ImportSource } from '@ingest/formats/index';
import { runImport } from '@ingest/pipeline/index';
import type { ImportOutcome, ImportPhase, ImportProgress } from '@ingest/pipeline/index';
import type { ImportJob, MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../auth/session';
import { notFound } from '../http/errors';
import { ensureMarket, plannedRankMarkets, rankProperty, requireOperator } from './market-keys';

/** The error of a job whose process died while it was queued or running. */
export const INTERRUPTED = 'interrupted: the process running this import stopped before it finished';
/** Progress is written to the MetaStore at most this often (ms), and when the phase changes. */
const PERSIST_EVERY_MS = 1000;
/** Jobs listed by the history. */
const HISTORY = 50;

export interface ImportInput {
  /** The organisation the job belongs to; null for CLI imports without a campaign. */
  organisationId: number | null;
  userId: number | null;
  /** File names as the user gave them. */
  files: string[];
  bytesTotal: number | null;
  /** Opens the sources when the job starts. */
  open: () => Promise<ImportSource[]>;
  /** Runs once the job has ended, whatever the outcome (an upload's temporary files are removed). */
  cleanup?: () => Promise<void>;
  format?: FormatId;
  market?: string;
  campaignId?: number;
  target?: string;
  /** Search type of Search Console rows whose files do not say it (a Search Console sync). */
  searchType?: string;
  dryRun: boolean;
  /** Most bytes the job may unpack from its archives (SIGHTLINE_UNZIP_LIMIT_MB; its default when absent). */
  unzipLimitBytes?: number;
}

interface Live {
  phase: ImportPhase | 'queued';
  progress: ImportProgress | null;
}

/**
 * Marks jobs left queued or running by a process that died as failed; the composition root calls it once
 * at start-up, while this process is the only writer of the stores. Returns how many.
 */
export function failInterruptedImports(meta: MetaStore, now: Date): Promise<number> {
  return meta.failUnfinishedImportJobs(INTERRUPTED, now.toISOString());
}

export class ImportService {
  private readonly live = new Map<number, Live>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
    /**
     * Runs after each import that wrote rows (uploads, the CLI and rank checks alike), with the organisation
     * and the market codes written: the task detectors. It reports its own failures and never throws, so a
     * detector fault leaves the import succeeded.
     */
    private readonly afterImport?: (organisationId: number, markets: readonly string[]) => Promise<void>,
  ) {}

  /** Throws 404 unless the campaign exists in the organisation (checked before an upload is received). */
  async assertCampaign(auth: AuthContext, campaignId: number): Promise<void> {
    if (!(await this.meta.getCampaign(auth.user.organisationId, campaignId)))
      throw notFound(`campaign ${campaignId}`);
  }

  /** Records a queued job and runs it after the jobs before it; returns the queued job at once. */
  async start(input: ImportInput): Promise<ImportJob> {
    return (await this.enqueue(input)).job;
  }

  /** Records a queued job and resolves with the finished job once it has run after the jobs before it. */
  async runQueued(input: ImportInput): Promise<ImportJob> {
    return (await this.enqueue(input)).finished;
  }

  private async enqueue(input: ImportInput): Promise<{ job: ImportJob; finished: Promise<ImportJob> }> {
    const { job, campaign } = await this.create(input);
    this.live.set(job.id, { phase: 'queued', progress: null });
    const finished = this.queue.then(() => this.execute(job, input, campaign));
    this.queue = finished.catch(() => undefined);
    return { job, finished };
  }

  /** Records a job and runs it now (the CLI); resolves with the finished job. */
  async run(input: ImportInput, onProgress?: (p: ImportProgress) => void): Promise<ImportJob> {
    const { job, campaign } = await this.create(input);
    return this.execute(job, input, campaign, onProgress);
  }

  /** Resolves when every started job has ended. */
  async idle(): Promise<void> {
    for (;;) {
      const q = this.queue;
      await q;
      if (q === this.queue) return;
    }
  }

  async get(auth: AuthContext, id: number): Promise<ImportJobView> {
    const job = await this.meta.getImportJob(id);
    const org = job?.organisationId;
    if (!job || (org !== null && org !== auth.user.organisationId)) throw notFound(`import ${id}`);
    return this.view(job);
  }

  async list(auth: AuthContext): Promise<ImportJobsResponse> {
    const jobs = await this.meta.listImportJobs(auth.user.organisationId, HISTORY);
    return { items: jobs.map((j) => this.view(j)) };
  }

  /** The job as the API shows it, with the in-memory progress of a running job. */
  view(job: ImportJob): ImportJobView {
    const live = this.live.get(job.id);
    const p = live?.progress;
    const finished = job.status === 'succeeded' || job.status === 'failed';
    return {
      id: job.id,
      status: job.status,
      files: job.files,
      format: job.format,
      formats: job.formats,
      market: job.market,
      campaignId: job.campaignId,
      target: job.target,
      dryRun: job.dryRun,
      phase: finished ? 'done' : (live?.phase ?? (job.status === 'queued' ? 'queued' : 'reading')),
      bytesTotal: p?.bytesTotal ?? job.bytesTotal,
      bytesRead: p && !finished ? p.bytesRead : job.bytesRead,
      rowsRead: p && !finished ? p.rowsRead : job.rowsRead,
      rowsWritten: p && !finished ? p.rowsWritten : job.rowsWritten,
      rowsRejected: p && !finished ? p.rowsRejected : job.rowsRejected,
      written: job.written,
      warningCount: job.warningCount,
      warnings: job.warnings,
      rejects: job.rejects,
      createdAt: job.createdAt,
      startedAt: job.startedAt,
      finishedAt: job.finishedAt,
      durationMs: job.durationMs,
      error: job.error,
    };
  }

  private async create(input: ImportInput) {
    const campaign = input.campaignId === undefined ? null : await this.campaign(input);
    const job = await this.meta.createImportJob(
      {
        organisationId: campaign?.organisationId ?? input.organisationId,
        userId: input.userId,
        files: input.files,
        format: input.format ?? null,
        market: input.market ?? null,
        campaignId: campaign?.id ?? null,
        target: input.target ?? null,
        dryRun: input.dryRun,
        bytesTotal: input.bytesTotal,
      },
      this.now().toISOString(),
    );
    return { job, campaign };
  }

  /** The campaign named by the import: of the organisation, or (CLI, no organisation) of any. */
  private async campaign(input: ImportInput) {
    const id = input.campaignId!;
    const orgs =
      input.organisationId !== null
        ? [input.organisationId]
        : (await this.meta.listOrganisations()).map((o) => o.id);
    for (const org of orgs) {
      const c = await this.meta.getCampaign(org, id);
      if (c) return c;
    }
    throw notFound(`campaign ${id}`);
  }

  private async execute(
    job: ImportJob,
    input: ImportInput,
    campaign: { id: number; market: string } | null,
    onProgress?: (p: ImportProgress) => void,
  ): Promise<ImportJob> {
    const startedAt = this.now();
    const t0 = performance.now();
    let lastSaved = 0;
    let saving: Promise<void> = Promise.resolve();
    this.live.set(job.id, { phase: 'reading', progress: null });
    try {
      await this.meta.updateImportJob(job.id, { status: 'running', startedAt: startedAt.toISOString() });
      const sources = await input.open();
      const outcome = await runImport(
        input.dryRun ? null : this.rank,
        {
          sources,
          now: startedAt,
          ...(input.format !== undefined ? { format: input.format } : {}),
          ...(input.market !== undefined ? { market: input.market } : {}),
          ...(input.target !== undefined ? { target: input.target } : {}),
          ...(input.searchType !== undefined ? { searchType: input.searchType } : {}),
          campaign: campaign === null ? null : { id: campaign.id, market: campaign.market },
          dryRun: input.dryRun,
          rankMarkets: async (codes) => plannedRankMarkets(this.meta, await this.owner(job), codes),
          rankProperty: async (property) => rankProperty(this.meta, await this.owner(job), property),
          ...(input.unzipLimitBytes !== undefined ? { unzipLimitBytes: input.unzipLimitBytes } : {}),
        },
        (p) => {
          const phaseChanged = this.live.get(job.id)?.phase !== p.phase;
          this.live.set(job.id, { phase: p.phase, progress: p });
          onProgress?.(p);
          const t = performance.now();
          if (phaseChanged || t - lastSaved >= PERSIST_EVERY_MS) {
            lastSaved = t;
            saving = saving.then(() =>
              this.meta
                .updateImportJob(job.id, {
                  bytesRead: p.bytesRead,
                  bytesTotal: p.bytesTotal,
                  rowsRead: p.rowsRead,
                  rowsWritten: p.rowsWritten,
                  rowsRejected: p.rowsRejected,
                })
                .catch(() => undefined),
            );
          }
        },
      );
      await saving;
      if (outcome.ok && !outcome.dryRun) await this.addMarkets(await this.owner(job), outcome.markets);
      // Before the job reads as ended, so whoever waits for it sees the tasks the detectors raised.
      if (outcome.ok && !outcome.dryRun && this.afterImport !== undefined)
        await this.afterImport(await this.owner(job), outcome.markets);
      await this.finish(job.id, outcome, Math.round(performance.now() - t0));
    } catch (error) {
      await saving;
      await this.meta.updateImportJob(job.id, {
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
        finishedAt: this.now().toISOString(),
        durationMs: Math.round(performance.now() - t0),
      });
    } finally {
      this.live.delete(job.id);
      await input.cleanup?.().catch(() => undefined);
    }
    return (await this.meta.getImportJob(job.id))!;
  }

  private async finish(id: number, o: ImportOutcome, durationMs: number): Promise<void> {
    await this.meta.updateImportJob(id, {
      status: o.ok ? 'succeeded' : 'failed',
      formats: o.formats,
      bytesRead: o.bytesRead,
      bytesTotal: o.bytesTotal,
      rowsRead: o.rowsRead,
      rowsWritten: o.rowsWritten,
      rowsRejected: o.rowsRejected,
      written: o.written,
      warningCount: o.warningCount,
      warnings: o.warnings,
      rejects: o.rejects,
      finishedAt: this.now().toISOString(),
      durationMs,
      error: o.error,
    });
  }

  /**
   * The organisation whose markets the job writes (issue 27): the job's, or for a CLI import without a
   * campaign the instance operator's.
   */
  private async owner(job: ImportJob): Promise<number> {
    return job.organisationId ?? (await requireOperator(this.meta));
  }

  /** Adds the markets an import wrote to the organisation's list, with the rank keys it wrote them to. */
  private async addMarkets(organisationId: number, codes: readonly string[]): Promise<void> {
    for (const code of codes) await ensureMarket(this.meta, organisationId, code);
  }
}
