// Scheduled rank checks as a use case (issue 3, build item 4): administrators store each provider's API key
// for their organisation (encrypted by SecretBox, never shown again); ROLE_CV users give a campaign a
// schedule, see its cost estimate, confirm it (scheduled runs start only after that), run it now and read the
// run history. One rate limiter per organisation and provider keeps every run of that account within its
// limit together; a campaign runs one check at a time. start() loads the schedules into croner; stop()
// ends the clock, aborts runs in flight (they are recorded failed, nothing written) and waits for them.
import type {
  ProviderInfo,
  RankChecksResponse,
  RunNowRequest,
  RunView,
  SaveProviderKeyRequest,
  SaveScheduleRequest,
} from '@contracts/rank-checks';
import type { Campaign } from '@core/model';
import { hasRole } from '@core/roles';
import { DEFAULT_RETRY, PROVIDERS, RateLimiter, providerById } from '@ingest/providers/index';
import type { ProviderDescriptor, ProviderId, RetryPolicy } from '@ingest/providers/index';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { ProviderCredential, RankCheckOrigin } from '@storage/rank-check-store';
import type { AuthContext } from '../../auth/session';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ImportService } from '../import-service';
import { estimateCost } from './estimate';
import { executeRun, RunStopped } from './runner';
import type { LiveProgress, RunPlan } from './runner';
import { campaignRankMarket } from '../market-keys';
import { RankCheckScheduler } from './scheduler';
import type { SecretBox } from './secret-box';
import { priceOf, providerView, runView, scheduleView, unsupportedReason } from './views';

/** Runs listed in a campaign's history. */
const HISTORY = 30;
export const INTERRUPTED_RUN =
  'interrupted: the server stopped before this run finished; nothing was written';

export interface RankCheckOptions {
  /** DATA_DIR, where a run's responses wait on disk until they are imported. */
  dataDir: string;
  /** Replaces providers' public base URLs, by provider id (SIGHTLINE_SERP_BASE_URLS). */
  baseUrls: Record<string, string>;
  policy?: RetryPolicy;
  random?: () => number;
  /** Progress is written to the MetaStore at most this often (ms). */
  progressEveryMs?: number;
  onError?: (error: unknown) => void;
}

export class RankCheckService {
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly live = new Map<number, LiveProgress>();
  /** Campaign id → the promise of its run in flight. */
  private readonly running = new Map<number, Promise<void>>();
  /** Campaign id → what stops its run in flight from outside, with the run's id and provider. */
  private readonly stoppers = new Map<
    number,
    { runId: number; organisationId: number; provider: string; abort: AbortController }
  >();
  private readonly scheduler: RankCheckScheduler;
  private readonly stopping = new AbortController();

  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly imports: ImportService,
    private readonly box: SecretBox,
    private readonly now: () => Date,
    private readonly options: RankCheckOptions,
  ) {
    this.scheduler = new RankCheckScheduler(
      (campaignId) => this.scheduledRun(campaignId),
      (_campaignId, error) => this.options.onError?.(error),
    );
  }

  /** Marks runs a stopped process left unfinished as failed, and schedules every confirmed schedule. */
  async start(): Promise<void> {
    await this.meta.failUnfinishedRankCheckRuns(INTERRUPTED_RUN, this.now().toISOString());
    for (const s of await this.meta.listRankCheckSchedules()) this.scheduler.set(s.campaignId, s);
  }

  async stop(): Promise<void> {
    this.scheduler.stop();
    this.stopping.abort();
    await Promise.allSettled([...this.running.values()]);
  }

  /** Resolves when no run is in flight. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Fires the campaign's scheduled job now, as the clock would, and waits for its run; false when it has none. */
  tick(campaignId: number): Promise<boolean> {
    return this.scheduler.trigger(campaignId);
  }

  // Provider keys (ROLE_ADMIN writes; ROLE_CV reads whether a key is set).

  async providers(auth: AuthContext): Promise<ProviderInfo[]> {
    const org = auth.user.organisationId;
    const creds = new Map((await this.meta.listProviderCredentials(org)).map((c) => [c.provider, c]));
    const admin = hasRole(auth.user.roles, 'ROLE_ADMIN');
    return Object.values(PROVIDERS).map((p) => providerView(p, creds.get(p.id) ?? null, admin));
  }

  async saveKey(auth: AuthContext, id: ProviderId, req: SaveProviderKeyRequest): Promise<ProviderInfo> {
    const org = auth.user.organisationId;
    const provider = providerById(id);
    const old = await this.meta.getProviderCredential(org, id);
    if (req.apiKey === undefined && old === null)
      throw badRequest(`no ${provider.label} key is stored yet: send apiKey (${provider.keyHint})`);
    if (id === 'dataforseo' && req.apiKey !== undefined && !req.apiKey.includes(':'))
      throw badRequest(`apiKey: DataForSEO needs ${provider.keyHint}`);
    const saved = await this.meta.saveProviderCredential(
      {
        organisationId: org,
        provider: id,
        keyCiphertext:
          req.apiKey !== undefined ? this.box.seal(req.apiKey, context(org, id)) : old!.keyCiphertext,
        keyLast4: req.apiKey !== undefined ? req.apiKey.slice(-4) : old!.keyLast4,
        costOverrideUsd:
          req.costOverrideUsd !== undefined ? req.costOverrideUsd : (old?.costOverrideUsd ?? null),
        requestsPerSecondOverride:
          req.requestsPerSecondOverride !== undefined
            ? req.requestsPerSecondOverride
            : (old?.requestsPerSecondOverride ?? null),
        updatedBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return providerView(provider, saved, true);
  }

  async deleteKey(auth: AuthContext, id: ProviderId): Promise<void> {
    if (!(await this.meta.deleteProviderCredential(auth.user.organisationId, id)))
      throw notFound(`a ${providerById(id).label} key of your organisation`);
    for (const s of this.stoppers.values()) {
      if (s.organisationId === auth.user.organisationId && s.provider === id) {
        s.abort.abort(
          new RunStopped(`stopped: the ${providerById(id).label} key was removed by ${auth.user.email}`),
        );
      }
    }
  }

  /** Stops the campaign's run in flight (recorded failed, nothing written); 404 unless it is that run. */
  async cancel(auth: AuthContext, campaignId: number, runId: number): Promise<void> {
    const campaign = await this.campaignOf(auth, campaignId);
    const s = this.stoppers.get(campaign.id);
    if (s === undefined || s.runId !== runId)
      throw notFound(`a running rank check ${runId} of campaign ${campaign.id}`);
    s.abort.abort(new RunStopped(`cancelled by ${auth.user.email}`));
    await this.running.get(campaign.id)?.catch(() => undefined);
  }

  // Campaign schedules and runs (ROLE_CV).

  async campaign(auth: AuthContext, campaignId: number): Promise<RankChecksResponse> {
    const campaign = await this.campaignOf(auth, campaignId);
    const keywords = (await this.rank.readCampaignKeywords(campaign.id)).length;
    const creds = new Map(
      (await this.meta.listProviderCredentials(campaign.organisationId)).map((c) => [c.provider, c]),
    );
    const schedule = await this.meta.getRankCheckSchedule(campaign.id);
    const runs = await this.meta.listRankCheckRuns(campaign.id, HISTORY);
    return {
      campaignId: campaign.id,
      market: campaign.market,
      keywords,
      schedule:
        schedule === null
          ? null
          : scheduleView(
              schedule,
              keywords,
              priceOf(providerById(schedule.provider as ProviderId), creds.get(schedule.provider) ?? null),
              this.scheduler.nextRun(campaign.id),
            ),
      estimates: Object.values(PROVIDERS).map((p) => {
        const price = priceOf(p, creds.get(p.id) ?? null);
        const e = estimateCost(keywords, price);
        return {
          provider: p.id,
          label: p.label,
          keywords,
          priceUsd: price,
          perRunUsd: e.perRunUsd,
          monthlyUsd: e.monthlyUsd,
          keySet: creds.has(p.id),
          unsupported: unsupportedReason(p, campaign.market),
        };
      }),
      runs: runs.map((r) => runView(r, this.live.get(r.id))),
    };
  }

  /**
   * Creates or changes the schedule. A change of provider or frequency changes the cost, so it needs a new
   * confirmation; a change of hour or weekday, or pausing, keeps the confirmation.
   */
  async saveSchedule(
    auth: AuthContext,
    campaignId: number,
    req: SaveScheduleRequest,
  ): Promise<RankChecksResponse> {
    const campaign = await this.campaignOf(auth, campaignId);
    const provider = providerById(req.provider);
    const why = unsupportedReason(provider, campaign.market);
    if (why !== null) throw badRequest(`${why}; choose another provider`);
    const old = await this.meta.getRankCheckSchedule(campaign.id);
    const keep = old !== null && old.provider === req.provider && old.frequency === req.frequency;
    const saved = await this.meta.saveRankCheckSchedule(
      {
        campaignId: campaign.id,
        organisationId: campaign.organisationId,
        provider: req.provider,
        frequency: req.frequency,
        hour: req.hour,
        weekday: req.frequency === 'weekly' ? (req.weekday ?? null) : null,
        enabled: req.enabled,
        confirmedAt: keep ? old.confirmedAt : null,
        confirmedBy: keep ? old.confirmedBy : null,
      },
      this.now().toISOString(),
    );
    this.scheduler.set(campaign.id, saved);
    return this.campaign(auth, campaign.id);
  }

  /** Accepts the schedule's cost estimate; scheduled runs start from the next due time. */
  async confirm(auth: AuthContext, campaignId: number): Promise<RankChecksResponse> {
    const campaign = await this.campaignOf(auth, campaignId);
    const s = await this.meta.getRankCheckSchedule(campaign.id);
    if (s === null) throw notFound(`a rank-check schedule of campaign ${campaign.id} (save one first)`);
    await this.requireKey(campaign.organisationId, providerById(s.provider as ProviderId));
    const saved = await this.meta.saveRankCheckSchedule(
      { ...s, confirmedAt: this.now().toISOString(), confirmedBy: auth.user.id },
      this.now().toISOString(),
    );
    this.scheduler.set(campaign.id, saved);
    return this.campaign(auth, campaign.id);
  }

  async deleteSchedule(auth: AuthContext, campaignId: number): Promise<void> {
    const campaign = await this.campaignOf(auth, campaignId);
    const schedule = await this.meta.getRankCheckSchedule(campaign.id);
    if (!(await this.meta.deleteRankCheckSchedule(campaign.id)))
      throw notFound(`a rank-check schedule of campaign ${campaign.id}`);
    this.scheduler.set(campaign.id, null);
    const s = this.stoppers.get(campaign.id);
    if (s !== undefined && s.provider === schedule?.provider) {
      s.abort.abort(new RunStopped(`stopped: the schedule was deleted by ${auth.user.email}`));
    }
  }

  /**
   * Starts a run now (202 with the queued run). Its cost must have been accepted: by a confirmed schedule
   * with the same provider, or by `confirm: true` in the request.
   */
  async runNow(auth: AuthContext, campaignId: number, req: RunNowRequest): Promise<RunView> {
    const campaign = await this.campaignOf(auth, campaignId);
    const s = await this.meta.getRankCheckSchedule(campaign.id);
    const id = req.provider ?? (s?.provider as ProviderId | undefined);
    if (id === undefined) throw badRequest('name a provider, or save a schedule for this campaign first');
    const covered = s !== null && s.provider === id && s.confirmedAt !== null;
    if (!covered && req.confirm !== true) {
      throw conflict(
        `the cost of a ${providerById(id).label} run has not been accepted: confirm the estimate ` +
          '(send confirm: true, or confirm the schedule) and try again',
      );
    }
    const run = await this.launch(campaign, id, 'manual', auth.user.id);
    return runView(run.run, this.live.get(run.run.id));
  }

  private async scheduledRun(campaignId: number): Promise<void> {
    const s = await this.meta.getRankCheckSchedule(campaignId);
    if (s === null || !s.enabled || s.confirmedAt === null) return;
    const campaign = await this.meta.getCampaign(s.organisationId, campaignId);
    if (campaign === null) return;
    const { done } = await this.launch(campaign, s.provider as ProviderId, 'schedule', null);
    await done;
  }

  /** Records a queued run and starts it; 409 while the campaign has one in flight. */
  private async launch(campaign: Campaign, id: ProviderId, origin: RankCheckOrigin, userId: number | null) {
    if (this.running.has(campaign.id))
      throw conflict(`campaign ${campaign.id} has a rank check running: wait for it to end`);
    const provider = providerById(id);
    const why = unsupportedReason(provider, campaign.market);
    if (why !== null) throw badRequest(`${why}; choose another provider`);
    const credential = await this.requireKey(campaign.organisationId, provider);
    const apiKey = this.box.open(credential.keyCiphertext, context(campaign.organisationId, id));
    const keywords = await this.keywordsOf(campaign);
    const price = priceOf(provider, credential);
    const run = await this.meta.createRankCheckRun(
      {
        organisationId: campaign.organisationId,
        campaignId: campaign.id,
        provider: id,
        origin,
        userId,
        keywords: keywords.length,
        estimatedCostUsd: estimateCost(keywords.length, price).perRunUsd,
      },
      this.now().toISOString(),
    );
    const abort = new AbortController();
    const plan: RunPlan = {
      signal: abort.signal,
      run,
      campaign,
      provider,
      apiKey,
      priceUsd: price,
      keywords,
      limiter: this.limiter(campaign.organisationId, provider, credential),
      baseUrl: this.options.baseUrls[id],
    };
    this.live.set(run.id, {
      phase: 'queued',
      requestsDone: 0,
      requestsFailed: 0,
      attempts: 0,
      lastError: null,
    });
    this.stoppers.set(campaign.id, {
      runId: run.id,
      organisationId: campaign.organisationId,
      provider: id,
      abort,
    });
    const done = executeRun(
      {
        meta: this.meta,
        imports: this.imports,
        dataDir: this.options.dataDir,
        now: this.now,
        policy: this.options.policy ?? DEFAULT_RETRY,
        random: this.options.random ?? Math.random,
        progressEveryMs: this.options.progressEveryMs ?? 1000,
        signal: this.stopping.signal,
        onProgress: (runId, p) => this.live.set(runId, p),
      },
      plan,
    ).finally(() => {
      this.running.delete(campaign.id);
      this.stoppers.delete(campaign.id);
      this.live.delete(run.id);
    });
    this.running.set(campaign.id, done);
    return { run, done };
  }

  private async requireKey(org: number, provider: ProviderDescriptor): Promise<ProviderCredential> {
    const c = await this.meta.getProviderCredential(org, provider.id);
    if (c === null)
      throw conflict(
        `your organisation has no ${provider.label} API key: an administrator can add it under Admin → SERP provider keys`,
      );
    return c;
  }

  /** The campaign's keywords as text (the query sent to the provider). */
  private async keywordsOf(campaign: Campaign): Promise<string[]> {
    const members = await this.rank.readCampaignKeywords(campaign.id);
    if (members.length === 0) return [];
    const rows = await this.rank.readKeywords(
      await campaignRankMarket(this.meta, campaign),
      members.map((m) => m.keywordId),
    );
    return rows.map((r) => r.text).sort();
  }

  /** One limiter per organisation and provider (and rate), shared by all of its runs. */
  private limiter(org: number, provider: ProviderDescriptor, c: ProviderCredential): RateLimiter {
    const rps = c.requestsPerSecondOverride ?? provider.rateLimit.requestsPerSecond;
    const key = `${org}:${provider.id}:${rps}`;
    let limiter = this.limiters.get(key);
    if (limiter === undefined) {
      limiter = new RateLimiter({ ...provider.rateLimit, requestsPerSecond: rps });
      this.limiters.set(key, limiter);
    }
    return limiter;
  }

  private async campaignOf(auth: AuthContext, campaignId: number): Promise<Campaign> {
    const c = await this.meta.getCampaign(auth.user.organisationId, campaignId);
    if (c === null) throw notFound(`campaign ${campaignId}`);
    return c;
  }
}

/** The authenticated context a key is sealed with: its organisation and provider. */
function context(org: number, provider: string): string {
  return `org:${org}/provider:${provider}`;
}
