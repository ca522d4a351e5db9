// Shared set-up of the rank-check tests: real SQLite + DuckDB stores in a temp folder, an organisation with
// an administrator-analyst, a campaign whose keywords are ones the replay server has real pages for, and a
// RankCheckService pointed at the replay server with short retry waits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Campaign, User } from '@core/model';
import type { RetryPolicy } from '@ingest/providers/index';
import { closeStores, openStores } from '@server/app';
import type { AuthContext } from '@server/auth/session';
import { loadConfig } from '@server/config';
import type { Stores } from '@server/context';
import { ImportService } from '@server/services/import-service';
import { RankCheckService } from '@server/services/rank-checks/service';
import { SecretBox } from '@server/services/rank-checks/secret-box';
import type { SerpReplayServer } from '../support/serp-replay-server';

export const NOW = new Date('2026-03-10T08:00:00.000Z');
/** Waits of a few milliseconds, so retry tests stay fast; `random` 0.5 makes them exact. */
export const FAST: RetryPolicy = { maxAttempts: 3, baseDelayMs: 40, maxDelayMs: 200, timeoutMs: 5000 };

export interface Harness {
  stores: Stores;
  service: RankCheckService;
  imports: ImportService;
  auth: AuthContext;
  campaign: Campaign;
  /** Leftover response files of runs would be in folders here. */
  uploadsDir: string;
  close: () => Promise<void>;
}

export async function openHarness(
  replay: SerpReplayServer,
  opts: { market: string; keywords: string[]; policy?: RetryPolicy; baseUrls?: Record<string, string> },
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-rank-checks-'));
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  const iso = NOW.toISOString();
  const org = await stores.meta.createOrganisation('Acme', iso);
  const user: User = await stores.meta.createUser({
    organisationId: org.id,
    email: 'analyst@acme.test',
    name: 'analyst',
    passwordHash: 'x',
    roles: ['ROLE_ADMIN', 'ROLE_CV'],
    now: iso,
  });
  const project = await stores.meta.createProject(org.id, 'Coffee', iso);
  const campaign = await stores.meta.createCampaign(
    { organisationId: org.id, projectId: project.id, name: 'Coffee', market: opts.market },
    iso,
  );
  const ids = await stores.rank.upsertKeywords(
    opts.market,
    opts.keywords.map((text) => ({ text, sv: null })),
  );
  await stores.rank.setCampaignKeywords(
    campaign.id,
    opts.market,
    [...ids.values()].map((keywordId) => ({ keywordId, tags: [], groups: [] })),
  );
  const imports = new ImportService(stores.meta, stores.rank, () => NOW);
  const service = new RankCheckService(
    stores.meta,
    stores.rank,
    imports,
    new SecretBox(Buffer.alloc(32, 7)),
    () => NOW,
    {
      dataDir: config.dataDir,
      baseUrls: opts.baseUrls ?? replay.baseUrls(),
      policy: opts.policy ?? FAST,
      random: () => 0.5,
      progressEveryMs: 0,
    },
  );
  await service.start();
  // The service reads only the user of an AuthContext.
  const auth = { user, session: {} } as AuthContext;
  return {
    stores,
    service,
    imports,
    auth,
    campaign,
    uploadsDir: join(config.dataDir, 'uploads'),
    close: async () => {
      await service.stop();
      await closeStores(stores);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls the campaign's newest run until it has ended. */
export async function lastRun(h: Harness) {
  await h.service.idle();
  const runs = await h.stores.meta.listRankCheckRuns(h.campaign.id, 1);
  return runs[0]!;
}
