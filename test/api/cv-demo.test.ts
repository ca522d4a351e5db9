// Campaign visibility on a generated demo workspace (~800 campaign keywords × 6 weeks, DuckDB + SQLite in a
// temp folder): every endpoint's numbers equal the core reference functions (src/core/metrics) computed over
// the rows read back through the RankStore port (readKeywords, readCampaignKeywords, readSnapshot). The
// campaign tracks a registrable domain, hosts and a host+path filter, plus two domain groups. The reference
// and the per-endpoint checks live in cv-reference.ts (the set-up conformance test runs them after edits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ROWS } from '@server/services/campaign-visibility/csv';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import {
  CV_CLOCK,
  CV_REFERENCE_CHECKS,
  cvApi,
  loadCvReference,
  type CvApi,
  type CvReference,
} from './cv-reference';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let api: CvApi;
let ref: CvReference;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(CV_CLOCK.now) });
  const org = await seedOrganisation(t.stores, 'Demo');
  await seedUser(t.stores, org.id, 'analyst@demo.test', ['ROLE_CV']);
  const summary = await seedDemoWorkspace(t.stores, {
    organisationId: org.id,
    seed: 20250630,
    keywordsPerMarket: 4800,
    weeks: 6,
    now: CV_CLOCK.now,
  });
  const project = summary.projects[0]!;
  api = cvApi(await Client.signIn(t.app, 'analyst@demo.test'), project.campaignId);
  ref = await loadCvReference(t.stores, project.campaignId, project.market);
}, 120_000);
afterAll(async () => t.close());

describe('the demo campaign matches the core reference', () => {
  it('is as large as this file means: a demo-sized campaign, more keywords than the CSV’s first part', async () => {
    expect(ref.members.length).toBeGreaterThan(700);
    // More rows than the export's first part: the rest comes from a second read of the same snapshot.
    const table = await api.json(
      `ranking/keywords?date=${CV_CLOCK.end}&pageSize=1&sortField=keyword&sortDirection=asc`,
    );
    expect(table.total).toBeGreaterThan(FIRST_ROWS);
  });

  for (const check of CV_REFERENCE_CHECKS) it(check.name, () => check.run(api, ref));
});
