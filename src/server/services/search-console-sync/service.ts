// Search Console connections and syncs (issue 30 item 1). An administrator connects the organisation's own
// Google OAuth client (consent page → refresh token) or a service-account key; secrets are sealed with the
// SecretBox bound to the organisation. Linking a property starts its backfill (16 months); a clock syncs every
// link daily at 05:00 UTC. A sync fetches one request per day and page of rows and commits them as Search
// Console imports, one per search type and chunk of days (recorded import jobs), moving the link's
// syncedThrough forward after each whole chunk: a sync stopped by a quota or a crash resumes from there.
import { Cron } from 'croner';
import type {
  GscConnectionView,
  GscLinkView,
  createGscLinkRequest,
  createOAuthConnectionRequest,
} from '@contracts/search-console-links';
import { isoDateInZone } from '@core/date-range';
import { syncChunks, syncWindow, daysBetween, type SearchType } from '@core/search-console-sync';
import { sourceFromStream } from '@ingest/formats/input';
import type { GscConnection, GscLink } from '@storage/gsc-link-store';
import { DuplicateValueError, type MetaStore } from '@storage/meta-store';
import type { z } from 'zod';
import type { GoogleUrls } from '../../config';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { Actor } from '../campaign-setup/context';
import type { ImportService } from '../import-service';
import type { SecretBox } from '../rank-checks/secret-box';
import {
  consentUrl,
  DEFAULT_RETRY,
  exchangeCode,
  GoogleApiError,
  parseServiceAccountKey,
  SearchConsoleClient,
  type RetryPolicy,
  type SiteEntry,
} from './google-client';
import { propertyTarget, rowsCsv } from './rows-source';

/** Where Google sends the browser back after the consent page. */
export const OAUTH_CALLBACK_PATH = '/api/v1/search-console/oauth/callback';
/** The error of a link whose sync was running when the process stopped. */
export const SYNC_INTERRUPTED = 'interrupted: the server stopped during the sync; the next sync resumes it';
/** A consent page must be passed within this long (ms). */
const STATE_TTL_MS = 30 * 60_000;
/** The daily sync: 05:00 UTC, when the day three days back is final everywhere. */
const DAILY = '0 5 * * *';

const secretContext = (org: number) => `gsc-secret:${org}`;
const refreshContext = (org: number) => `gsc-refresh:${org}`;
const STATE_CONTEXT = 'gsc-oauth-state';

export interface SyncOptions {
  retry?: RetryPolicy;
  onError?: (error: unknown) => void;
}

const connectionView = (c: GscConnection): GscConnectionView => ({
  id: c.id,
  kind: c.kind,
  label: c.label,
  ready: c.kind === 'service-account' || c.sealedRefreshToken !== null,
  createdAt: c.createdAt,
});

const linkView = (l: GscLink): GscLinkView => ({
  id: l.id,
  connectionId: l.connectionId,
  siteUrl: l.siteUrl,
  searchTypes: l.searchTypes as SearchType[],
  syncedThrough: l.syncedThrough,
  status: l.status,
  daysDone: l.daysDone,
  daysTotal: l.daysTotal,
  rowsWritten: l.rowsWritten,
  lastError: l.lastError,
  lastSyncAt: l.lastSyncAt,
  createdAt: l.createdAt,
});

/** Google's answer as a 400 the screen can show (the customer's credentials or rights are at fault). */
function googleRefused(error: unknown): never {
  if (error instanceof GoogleApiError) throw badRequest(`Google refused: ${error.message}`);
  throw error;
}

export class SearchConsoleSyncService {
  private readonly running = new Map<number, Promise<void>>();
  private clock: Cron | null = null;

  constructor(
    private readonly meta: MetaStore,
    private readonly imports: ImportService,
    private readonly box: SecretBox,
    private readonly urls: GoogleUrls,
    private readonly now: () => Date,
    private readonly options: SyncOptions = {},
  ) {}

  /** Marks syncs a dead process left running as failed, and starts the daily clock. */
  async start(): Promise<void> {
    await this.meta.failRunningGscSyncs(SYNC_INTERRUPTED);
    this.clock = new Cron(DAILY, { timezone: 'UTC', protect: true }, () => this.syncAll());
  }

  stop(): void {
    this.clock?.stop();
    this.clock = null;
  }

  /** Starts a sync of every link that is not syncing already (the daily clock). */
  async syncAll(): Promise<void> {
    for (const link of await this.meta.listGscLinks(null)) {
      if (!this.running.has(link.id)) await this.launch(link);
    }
  }

  async listConnections(auth: Actor, redirectUri: string) {
    const items = await this.meta.listGscConnections(auth.user.organisationId);
    return { items: items.map(connectionView), redirectUri };
  }

  /** Stores the OAuth client and answers the consent page address; the callback completes the connection. */
  async createOAuth(auth: Actor, req: z.output<typeof createOAuthConnectionRequest>, redirectUri: string) {
    const org = auth.user.organisationId;
    const c = await this.meta.createGscConnection(
      {
        organisationId: org,
        kind: 'oauth',
        label: req.clientId,
        clientId: req.clientId,
        sealedSecret: this.box.seal(req.clientSecret, secretContext(org)),
        sealedRefreshToken: null,
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    const state = this.box.seal(
      JSON.stringify({ o: org, c: c.id, e: this.now().getTime() + STATE_TTL_MS }),
      STATE_CONTEXT,
    );
    return {
      connection: connectionView(c),
      consentUrl: consentUrl(this.urls, req.clientId, redirectUri, state),
    };
  }

  /** Exchanges the consent page's code for a refresh token and stores it sealed. */
  async completeOAuth(
    auth: Actor,
    code: string,
    state: string,
    redirectUri: string,
  ): Promise<GscConnectionView> {
    let s: { o: number; c: number; e: number };
    try {
      s = JSON.parse(this.box.open(state, STATE_CONTEXT)) as typeof s;
    } catch {
      throw badRequest('the consent answer is not one Sightline asked for: start the connection again');
    }
    if (s.o !== auth.user.organisationId) throw notFound(`Search Console connection ${s.c}`);
    if (s.e < this.now().getTime())
      throw badRequest('the consent page was left open over 30 minutes: start the connection again');
    const c = await this.connection(auth, s.c);
    const { refreshToken } = await exchangeCode(
      this.urls,
      {
        clientId: c.clientId ?? '',
        clientSecret: this.box.open(c.sealedSecret, secretContext(c.organisationId)),
      },
      code,
      redirectUri,
    ).catch(googleRefused);
    await this.meta.setGscRefreshToken(
      c.organisationId,
      c.id,
      this.box.seal(refreshToken, refreshContext(c.organisationId)),
    );
    return connectionView((await this.meta.getGscConnection(c.organisationId, c.id))!);
  }

  /** Stores a service-account key after Google has accepted it once. */
  async createServiceAccount(auth: Actor, keyText: string): Promise<GscConnectionView> {
    let key: { clientEmail: string; privateKey: string };
    try {
      key = parseServiceAccountKey(keyText);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
    await new SearchConsoleClient(this.urls, { kind: 'service-account', ...key }, this.retry())
      .accessToken()
      .catch(googleRefused);
    const org = auth.user.organisationId;
    const c = await this.meta.createGscConnection(
      {
        organisationId: org,
        kind: 'service-account',
        label: key.clientEmail,
        clientId: null,
        sealedSecret: this.box.seal(keyText, secretContext(org)),
        sealedRefreshToken: null,
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return connectionView(c);
  }

  async deleteConnection(auth: Actor, id: number): Promise<void> {
    if (!(await this.meta.deleteGscConnection(auth.user.organisationId, id)))
      throw notFound(`Search Console connection ${id}`);
  }

  /** The properties the connection's account can read. */
  async listSites(auth: Actor, connectionId: number): Promise<{ items: SiteEntry[] }> {
    const client = this.client(await this.connection(auth, connectionId));
    const items = await client.listSites().catch(googleRefused);
    return { items: items.sort((a, b) => a.siteUrl.localeCompare(b.siteUrl)) };
  }

  async listLinks(auth: Actor): Promise<{ items: GscLinkView[]; nextSyncAt: string | null }> {
    const items = (await this.meta.listGscLinks(auth.user.organisationId)).map(linkView);
    return { items, nextSyncAt: this.clock?.nextRun()?.toISOString() ?? null };
  }

  /** Links a property the account can read and starts its backfill. */
  async createLink(auth: Actor, req: z.output<typeof createGscLinkRequest>): Promise<GscLinkView> {
    const c = await this.connection(auth, req.connectionId);
    const sites = await this.client(c).listSites().catch(googleRefused);
    if (!sites.some((s) => s.siteUrl === req.siteUrl))
      throw badRequest(
        `the account of connection ${c.label} cannot read ${req.siteUrl}: pick one of its properties (${sites.map((s) => s.siteUrl).join(', ') || 'it has none'}), or add the account as a user of the property in Search Console`,
      );
    let link: GscLink;
    try {
      link = await this.meta.createGscLink(
        {
          organisationId: auth.user.organisationId,
          connectionId: c.id,
          siteUrl: req.siteUrl,
          searchTypes: req.searchTypes,
          createdBy: auth.user.id,
        },
        this.now().toISOString(),
      );
    } catch (error) {
      if (error instanceof DuplicateValueError)
        throw conflict(`${req.siteUrl} is linked already: sync it or delete its link first`);
      throw error;
    }
    await this.launch(link);
    return linkView((await this.meta.getGscLink(link.organisationId, link.id))!);
  }

  /** Starts a sync of the link now (409 while one runs). */
  async syncNow(auth: Actor, id: number): Promise<GscLinkView> {
    const link = await this.link(auth, id);
    if (this.running.has(id)) throw conflict(`${link.siteUrl} is syncing already: wait for it to end`);
    await this.launch(link);
    return linkView((await this.meta.getGscLink(link.organisationId, id))!);
  }

  /** Deletes the link; its stored rows stay (409 while it syncs). */
  async deleteLink(auth: Actor, id: number): Promise<void> {
    const link = await this.link(auth, id);
    if (this.running.has(id)) throw conflict(`${link.siteUrl} is syncing: delete it once the sync has ended`);
    await this.meta.deleteGscLink(auth.user.organisationId, id);
  }

  private retry(): RetryPolicy {
    return this.options.retry ?? DEFAULT_RETRY;
  }

  private async connection(auth: Actor, id: number): Promise<GscConnection> {
    const c = await this.meta.getGscConnection(auth.user.organisationId, id);
    if (c === null) throw notFound(`Search Console connection ${id}`);
    return c;
  }

  private async link(auth: Actor, id: number): Promise<GscLink> {
    const l = await this.meta.getGscLink(auth.user.organisationId, id);
    if (l === null) throw notFound(`Search Console link ${id}`);
    return l;
  }

  private client(c: GscConnection): SearchConsoleClient {
    const org = c.organisationId;
    if (c.kind === 'service-account') {
      const key = parseServiceAccountKey(this.box.open(c.sealedSecret, secretContext(org)));
      return new SearchConsoleClient(this.urls, { kind: 'service-account', ...key }, this.retry());
    }
    if (c.sealedRefreshToken === null)
      throw new HttpError(
        409,
        'not_connected',
        `connection ${c.label} is waiting for the consent page: open it again`,
      );
    return new SearchConsoleClient(
      this.urls,
      {
        kind: 'oauth',
        clientId: c.clientId ?? '',
        clientSecret: this.box.open(c.sealedSecret, secretContext(org)),
        refreshToken: this.box.open(c.sealedRefreshToken, refreshContext(org)),
      },
      this.retry(),
    );
  }

  /**
   * Records the sync as running (or, with no new final day, as done) before answering, then fetches and
   * imports in the background: a client polling the link sees `running` until the sync has ended.
   */
  private async launch(link: GscLink): Promise<void> {
    const window = syncWindow(isoDateInZone(this.now()), link.syncedThrough);
    const startedAt = this.now().toISOString();
    if (window === null) {
      await this.meta.updateGscLinkSync(link.id, { status: 'idle', lastError: null, lastSyncAt: startedAt });
      return;
    }
    await this.meta.updateGscLinkSync(link.id, {
      status: 'running',
      daysDone: 0,
      daysTotal: daysBetween(window.from, window.to) * link.searchTypes.length,
      rowsWritten: 0,
      lastError: null,
      lastSyncAt: startedAt,
    });
    const run = this.sync(link, window)
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => this.running.delete(link.id));
    this.running.set(link.id, run);
  }

  private async sync(link: GscLink, window: { from: string; to: string }): Promise<void> {
    const types = link.searchTypes as SearchType[];
    let daysDone = 0;
    let rowsWritten = 0;
    try {
      const connection = await this.meta.getGscConnection(link.organisationId, link.connectionId);
      if (connection === null) throw new Error('its connection was deleted');
      const client = this.client(connection);
      for (const chunk of syncChunks(window)) {
        for (const type of types) {
          const name = `Search Console ${link.siteUrl} · ${type} · ${chunk.from} to ${chunk.to}`;
          const job = await this.imports.runQueued({
            organisationId: link.organisationId,
            userId: link.createdBy,
            files: [name],
            bytesTotal: null,
            open: () =>
              Promise.resolve([
                sourceFromStream(
                  name,
                  rowsCsv(client, link.siteUrl, type, chunk, () => {
                    daysDone += 1;
                    void this.meta.updateGscLinkSync(link.id, { daysDone }).catch(() => undefined);
                  }),
                ),
              ]),
            format: 'gsc-api',
            target: propertyTarget(link.siteUrl),
            searchType: type,
            dryRun: false,
          });
          if (job.status !== 'succeeded') throw new Error(job.error ?? `import ${job.id} failed`);
          rowsWritten += job.rowsWritten;
        }
        await this.meta.updateGscLinkSync(link.id, { syncedThrough: chunk.to, daysDone, rowsWritten });
      }
      await this.meta.updateGscLinkSync(link.id, { status: 'idle', daysDone, rowsWritten });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.meta.updateGscLinkSync(link.id, {
        status: 'failed',
        lastError: message,
        daysDone,
        rowsWritten,
      });
    }
  }
}
