// Fixtures of test/migrate-data.test.ts: the seeded workspace (the demo plus hostile strings in every kind
// of value, a Search Console import and a checked-and-empty snapshot), the checks that two workspaces give
// equal checksums and equal reads, and a source that fails part way through a copy.
import { expect } from 'vitest';
import type { Stores } from '@server/context';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import { compareMeta, compareRank } from '@server/services/migrate-data/compare';
import type { RankStore, SearchConsoleRowInput } from '@storage/rank-store';

export const NOW = '2025-07-02T09:30:00.000Z';
export const HOSTILE = [
  `O'Brien's "quoted" \`ticks\``,
  'back\\slash \\\\ \\n \\0 \\x27',
  `'; DROP TABLE keywords; --`,
  '📈 ünïcödé 日本語 العربية 🏳️‍🌈',
  '100% _like_ $1 :name ? \t tab \n newline',
];
export const GSC: SearchConsoleRowInput[] = [
  {
    source: 'export',
    dimensions: 'query',
    date: null,
    query: HOSTILE[4]!,
    page: null,
    country: 'gb',
    device: null,
    searchAppearance: null,
    clicks: 12,
    impressions: 340,
    ctr: 12 / 340,
    position: 4.7,
  },
  {
    source: 'api',
    dimensions: 'date,query',
    date: '2025-06-01',
    query: HOSTILE[3]!,
    page: null,
    country: null,
    device: 'MOBILE',
    searchAppearance: null,
    clicks: 0,
    impressions: 1,
    ctr: 0,
    position: 81.25,
  },
];
export const GSC_TARGET = {
  property: 'hostile.example',
  searchType: 'web',
  period: '2025-01-01 - 2025-06-30',
};

/**
 * The demo workspace plus hostile strings in meta rows, keywords, titles, tags and groups, a Search Console
 * import and a checked-and-empty snapshot.
 */
export async function seed(stores: Stores): Promise<void> {
  const { meta, rank } = stores;
  const org = await meta.createOrganisation(HOSTILE[0]!, NOW);
  await seedDemoWorkspace(stores, {
    organisationId: org.id,
    seed: 11,
    keywordsPerMarket: 500,
    weeks: 4,
    // 1,000 hosts (default 6,000) keep the url table at about a sixth of the default's 230,000 rows.
    hosts: 1000,
    now: NOW,
  });
  const user = await meta.createUser({
    organisationId: org.id,
    email: 'analyst@example.com',
    name: HOSTILE[1]!,
    passwordHash: HOSTILE[2]!,
    roles: ['ROLE_CV', 'ROLE_ADMIN'],
    now: NOW,
  });
  await meta.createSession({
    idHash: 'a'.repeat(64),
    userId: user.id,
    csrfToken: HOSTILE[3]!,
    createdAt: NOW,
    expiresAt: NOW,
    lastSeenAt: NOW,
  });
  await meta.createApiToken(
    { userId: user.id, name: HOSTILE[0]!, tokenHash: 'c'.repeat(64), scope: 'write', expiresAt: NOW },
    NOW,
  );
  await meta.createInvitation({
    tokenHash: 'b'.repeat(64),
    organisationId: org.id,
    email: 'new@example.com',
    roles: ['ROLE_REPORTS'],
    invitedBy: user.id,
    createdAt: NOW,
    expiresAt: NOW,
  });
  const project = await meta.createProject(org.id, HOSTILE[4]!, NOW);
  await meta.addSite(project.id, 'hostile.example');
  const campaign = await meta.createCampaign(
    { organisationId: org.id, projectId: project.id, name: HOSTILE[2]!, market: 'gb-en' },
    NOW,
  );
  await meta.addTrackedDomain(campaign.id, {
    value: 'hostile.example',
    label: HOSTILE[3]!,
    color: '#123456',
    isOwn: true,
  });
  await meta.createDomainGroup(campaign.id, {
    label: HOSTILE[0]!,
    color: '#654321',
    members: ['hostile.example', 'b.example'],
  });
  const report = await meta.createReport(
    {
      organisationId: org.id,
      name: HOSTILE[1]!,
      campaignId: campaign.id,
      sections: ['kpis'],
      format: 'csv',
      createdBy: user.id,
    },
    NOW,
  );
  // A generated report carries its PDF and CSV bundle as bytes (BLOB / bytea): every byte value 0–255.
  const generated = await meta.createGeneratedReport(
    {
      organisationId: org.id,
      reportId: report.id,
      title: HOSTILE[2]!,
      periodFrom: '2025-05-01',
      periodTo: '2025-05-31',
      spec: JSON.stringify({ title: HOSTILE[3] }),
      createdBy: user.id,
    },
    NOW,
  );
  await meta.updateGeneratedReport(generated.id, {
    status: 'done',
    pdf: Uint8Array.from({ length: 512 }, (_, i) => i % 256),
    csvZip: Uint8Array.from([0, 255, 1, 254]),
    snapshot: { json: '{}', hash: 'f'.repeat(64) },
    finishedAt: NOW,
  });
  await meta.createImportJob(
    {
      organisationId: org.id,
      userId: user.id,
      files: HOSTILE,
      format: null,
      market: 'gb-en',
      campaignId: campaign.id,
      target: null,
      dryRun: true,
      bytesTotal: 3_000_000_000,
    },
    NOW,
  );
  const ids = await rank.upsertKeywords(
    'gb-en',
    HOSTILE.map((text, i) => ({ text, sv: i === 0 ? null : 10 * i })),
  );
  const keywordIds = HOSTILE.map((h) => ids.get(h)!);
  await rank.insertSerpResults(
    keywordIds.flatMap((keywordId, k) =>
      HOSTILE.map((title, i) => ({
        market: 'gb-en',
        keywordId,
        date: '2025-06-30',
        position: i + 1,
        resultType: 'organic' as const,
        url: `https://hostile.example/ünïcödé/${k}/${i}`,
        title: i === 2 ? null : title,
      })),
    ),
  );
  await rank.setCampaignKeywords(
    campaign.id,
    'gb-en',
    keywordIds.map((keywordId, i) => ({ keywordId, tags: HOSTILE.slice(i), groups: [HOSTILE[i]!] })),
  );
  const imp = await rank.beginImport();
  await imp.addRankRows([
    { keyword: 0, date: '2025-06-23', position: null, url: null, host: 'hostile.example' },
  ]);
  await imp.addSearchConsoleRows(GSC);
  await imp.commit({
    keywords: [{ localId: 0, market: 'gb-en', text: 'never ranked', sv: 20, tags: [], groups: [] }],
    campaign: null,
    searchConsole: GSC_TARGET,
  });
}

export async function expectSameChecksums(a: Stores, b: Stores): Promise<void> {
  const [ma, mb, ra, rb] = await Promise.all([
    a.meta.checksums(),
    b.meta.checksums(),
    a.rank.checksums(),
    b.rank.checksums(),
  ]);
  const tables = [...compareMeta(ma, mb), ...compareRank(ra, rb)];
  expect(tables.filter((t) => !t.equal)).toEqual([]);
  expect(rb.segments.map(({ table, rows }) => ({ table, rows }))).toEqual(
    ra.segments.map(({ table, rows }) => ({ table, rows })),
  );
}

/** The same answers from both workspaces' ports, for every organisation, campaign, market and date. */
export async function expectSameReads(a: Stores, b: Stores): Promise<void> {
  const both = async <T>(read: (s: Stores) => Promise<T>) => expect(await read(b)).toEqual(await read(a));
  await both((s) => s.meta.counts());
  await both((s) => s.rank.counts());
  await both((s) => s.meta.getSession('a'.repeat(64)));
  await both((s) => s.meta.findApiTokenByHash('c'.repeat(64)));
  await both((s) => s.meta.findUserByEmail('analyst@example.com'));
  for (const org of await a.meta.listOrganisations()) {
    await both((s) => s.meta.listMarkets(org.id));
    await both((s) => s.meta.listUsers(org.id));
    await both((s) => s.meta.listInvitations(org.id));
    await both((s) => s.meta.listReports(org.id));
    for (const r of await a.meta.listReports(org.id)) {
      for (const g of await a.meta.listGeneratedReports(org.id, r.id)) {
        await both((s) => s.meta.getGeneratedReportFile(org.id, g.id, 'pdf'));
        await both((s) => s.meta.getGeneratedReportFile(org.id, g.id, 'csv'));
      }
    }
    await both((s) => s.meta.listImportJobs(org.id, 10));
    for (const p of await a.meta.listProjects(org.id)) await both((s) => s.meta.listSites(p.id));
    await both((s) => s.meta.listProjects(org.id));
    for (const c of await a.meta.listCampaigns(org.id)) {
      await both((s) => s.meta.listTrackedDomains(c.id));
      await both((s) => s.meta.listDomainGroups(c.id));
      await both((s) => s.rank.campaignKeywordSummary(c.id));
      await both((s) => s.rank.readCampaignKeywords(c.id));
    }
    await both((s) => s.meta.listCampaigns(org.id));
  }
  for (const market of ['gb-en', 'us-en']) {
    const summary = await a.rank.marketSummary(market);
    expect(summary.snapshotDates.length).toBeGreaterThan(0);
    await both((s) => s.rank.marketSummary(market));
    await both((s) => s.rank.readKeywords(market));
    // A sample of keywords (whole snapshots are 50,000 rows): the first and last ids (the last of gb-en are
    // the hostile keywords).
    const ids = (await a.rank.readKeywords(market)).map((k) => k.id);
    const sample = [...ids.slice(0, 20), ...ids.slice(-20)];
    for (const date of [summary.snapshotDates[0]!, summary.snapshotDates.at(-1)!]) {
      const rows = await a.rank.readSnapshot(market, date, sample);
      expect(rows.length).toBeGreaterThan(0);
      await both((s) => s.rank.readSnapshot(market, date, sample));
    }
  }
  await both((s) => s.rank.readEmptySnapshots('gb-en'));
  await both((s) => s.rank.readSearchConsoleRows('hostile.example'));
}

/** The source's RankStore, failing when asked for serp_results segment number `after` + 1. */
export function failingAfter(rank: RankStore, after: number): RankStore {
  let served = 0;
  return {
    ...rank,
    exportBatches: (segment, batchRows) => {
      if (segment.table === 'serp_results' && ++served > after) {
        return (async function* () {
          yield* [];
          throw new Error('source disk unplugged');
        })();
      }
      return rank.exportBatches(segment, batchRows);
    },
  };
}
