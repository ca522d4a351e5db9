// The DuckDB campaign-visibility copy (cv_dom_hits, declared in derived-tables.ts, cv/tracked-hits.ts) after
// each write path of the rollup fixture (SERP inserts, volume and membership changes, a snapshot replaced, an
// import commit, importBatches): campaign 1 declares a.com, b.com and d.net, campaign 2 a.com alone, so its
// reads of b.com answer from serp_by_domain (those of a.com beside them from the copy). After each write the
// copy must equal the by-domain rows of each campaign's keywords and declared domains (the write refreshed
// it, no read involved), every read that stages matching results must answer as it does on the same file
// with copies off (serp_by_domain), and no read may write: the database's write entry point
// (DuckDb.exclusive, which transactions go through) is never called while the reads run, and no statement
// they send inserts, deletes or updates. A last case migrates a store as schema v11 left it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CvScope } from '@storage/campaign-visibility-reads';
import { disableCopies } from '@storage/rank/duckdb/cv/tracked-hits';
import { DuckDb, Session } from '@storage/rank/duckdb/db';
import { duckDbRankStoreOn } from '@storage/rank/duckdb/store';
import type { RankStore } from '@storage/rank-store';
import {
  expectSame,
  PATH_TARGETS,
  PLAIN,
  POINTS,
  rollupFixture,
  rollupWriteCases,
  scopeOf,
  SPANS,
  TARGETS,
} from './cv-rollup-fixture';

const dir = mkdtempSync(join(tmpdir(), 'sightline-cv-copies-'));
const file = join(dir, 'rank.duckdb');
let db: DuckDb;
let rank: RankStore;
const fx = rollupFixture(() => rank);
const { ids, members } = fx;
const DECLARED = new Map([
  [1, ['a.com', 'b.com', 'd.net']],
  [2, ['a.com']],
]);

async function reopen(domainCopies: boolean): Promise<void> {
  await rank.close();
  db = await DuckDb.open(file);
  if (!domainCopies) disableCopies(db);
  rank = duckDbRankStoreOn(db);
}

type Read = [where: string, read: () => Promise<unknown>];

/** Every read of both campaigns that stages matching results (snapshots.ts, stageHits). */
function reads(): Read[] {
  const cv = rank.campaignVisibility;
  const out: Read[] = [];
  for (const campaignId of [1, 2]) {
    const whole = scopeOf(campaignId, PLAIN);
    // A keyword filter keeps the series and type scores off the rollup, on the staged results.
    const named: CvScope = scopeOf(campaignId, { keywords: members.get(campaignId) ?? [] });
    const tagged = scopeOf(campaignId, { tags: ['odd'] });
    const at = `campaign ${campaignId}`;
    // a.com alone is declared by both campaigns: campaign 2 answers it from its copy too.
    for (const targets of [TARGETS, PATH_TARGETS, TARGETS.slice(0, 2)]) {
      const t = `${at} ${targets.length} targets`;
      for (const p of POINTS) {
        out.push([`${t} bestPositions ${p}`, () => cv.bestPositions(whole, targets, p)]);
        out.push([`${t} volumeBuckets ${p}`, () => cv.volumeBuckets(tagged, targets, p, [10, 100])]);
        out.push([
          `${t} labelScores ${p}`,
          () => cv.labelScores(whole, targets, p, 'tags', { market: true }),
        ]);
      }
      for (const span of SPANS) {
        const query = <F extends string>(field: F) => ({
          span,
          url: null,
          sort: { field, target: 0, display: null, direction: 'desc' as const },
          filters: [],
          offset: 0,
          limit: null,
        });
        out.push([`${t} series ${span.start}`, () => cv.series(named, targets, span, { market: true })]);
        out.push([
          `${t} series whole ${span.start}`,
          () => cv.series(whole, targets, span, { market: false }),
        ]);
        out.push([`${t} typeScores ${span.start}`, () => cv.typeScores(named, targets, span)]);
        out.push([`${t} keywordChanges ${span.start}`, () => cv.keywordChanges(whole, targets, span, 3)]);
        out.push([
          `${t} rankingKeywords ${span.start}`,
          () => cv.rankingKeywords(whole, targets, query('visibilityScore')),
        ]);
        out.push([
          `${t} rankingUrls ${span.start}`,
          () => cv.rankingUrls(whole, targets[0]!, query('visibilityScore')),
        ]);
        out.push([
          `${t} weeklyPositions ${span.start}`,
          () => cv.weeklyPositions(whole, targets, [...ids.values()], span),
        ]);
      }
    }
  }
  return out;
}

const ask = (list: Read[]) => Promise.all(list.map(([, read]) => read()));

const COLUMNS = 'campaign_id, date, domain_id, keyword_id, position, result_type, url_id, host_id';

/** The copy's rows, and the by-domain rows of each campaign's keywords and declared domains. */
async function copyAndRaw(): Promise<{ copy: unknown[]; raw: unknown[] }> {
  return db.read(async (s) => ({
    copy: await s.all(`SELECT ${COLUMNS} FROM cv_dom_hits ORDER BY ALL`),
    raw: await s.all(`SELECT ck.campaign_id, r.date, r.domain_id, r.keyword_id, r.position, r.result_type,
        r.url_id, r.host_id
      FROM serp_by_domain r
      JOIN campaign_keywords ck ON ck.keyword_id = r.keyword_id AND ck.market_id = r.market_id
      JOIN domains d ON d.id = r.domain_id
      JOIN campaign_domains cd ON cd.campaign_id = ck.campaign_id AND cd.domain = d.domain
      ORDER BY ALL`),
  }));
}

async function expectCopyRefreshedAndReadsPure(step: string): Promise<void> {
  await reopen(false);
  const list = reads();
  const scanned = await ask(list);
  await reopen(true);
  const { copy, raw } = await copyAndRaw();
  expect(copy, `${step}: the copy after the write`).toEqual(raw);
  expect(copy.length, step).toBeGreaterThan(0);
  const writes = vi.spyOn(DuckDb.prototype, 'exclusive');
  const sent = (['run', 'all', 'columns'] as const).map((m) => vi.spyOn(Session.prototype, m));
  try {
    const answers = await ask(reads());
    answers.forEach((answer, i) => expectSame(answer, scanned[i], `${step}: ${list[i]![0]}`));
    expect(writes, `${step}: reads called the write connection`).not.toHaveBeenCalled();
    const sql = sent.flatMap((spy) => spy.mock.calls.map((c) => String(c[0])));
    // Campaign 1 declares every target domain: its reads answered from the copy.
    expect(
      sql.some((q) => q.includes('FROM cv_dom_hits r WHERE r.campaign_id = 1')),
      step,
    ).toBe(true);
    // Campaign 2 declares a.com, not b.com: one read scans both, each domain where its rows are.
    const mixed = (members.get(2) ?? []).length > 0 && !DECLARED.get(2)!.includes('b.com');
    const both = (q: string) =>
      q.includes('FROM cv_dom_hits r WHERE r.campaign_id = 2') && q.includes('FROM serp_by_domain r');
    expect(sql.some(both), step).toBe(mixed);
    expect(
      sql.filter((q) => /\b(INSERT INTO|DELETE FROM|UPDATE)\b/i.test(q)),
      step,
    ).toEqual([]);
  } finally {
    writes.mockRestore();
    for (const spy of sent) spy.mockRestore();
  }
  // The reads left the copy as it was.
  expect((await copyAndRaw()).copy, step).toEqual(copy);
}

beforeAll(async () => {
  db = await DuckDb.open(file);
  rank = duckDbRankStoreOn(db);
  await rank.migrate();
  await fx.seedKeywords();
  // Declared before any keyword or result is stored: the writes fill the copy as they come.
  for (const [id, domains] of DECLARED) await rank.prepareCampaignReads(id, domains);
});
afterAll(async () => {
  await rank.close();
  rmSync(dir, { recursive: true, force: true });
});

rollupWriteCases(() => rank, fx, expectCopyRefreshedAndReadsPure);

it('follows a change of the declared domains, and leaves undeclared domains to serp_by_domain', async () => {
  DECLARED.set(2, ['a.com', 'b.com']);
  await rank.prepareCampaignReads(2, DECLARED.get(2)!);
  await expectCopyRefreshedAndReadsPure('campaign 2 declares b.com too');
  await rank.prepareCampaignReads(1, []);
  const { copy } = await copyAndRaw();
  expect(new Set(copy.map((r) => (r as { campaign_id: number }).campaign_id))).toEqual(new Set([2]));
});

it('is built for the stored declarations by the v12 migration of a store v11 left', async () => {
  await rank.prepareCampaignReads(1, DECLARED.get(1)!);
  const before = await copyAndRaw();
  // The store as v11 left it: the copy learnt from reads (v5 tables, here empty), no record of v12.
  await db.exclusive(async (s) => {
    await s.run('DROP TABLE cv_dom_hits');
    await s.run(`CREATE TABLE cv_dom_hits (campaign_id INTEGER NOT NULL, date DATE NOT NULL,
      domain_id INTEGER NOT NULL, keyword_id INTEGER NOT NULL, position UTINYINT NOT NULL,
      result_type UTINYINT NOT NULL, url_id INTEGER NOT NULL, host_id INTEGER NOT NULL)`);
    await s.run('CREATE TABLE cv_dom_set (campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL)');
    await s.run('DELETE FROM schema_version WHERE version >= 12');
  });
  await reopen(true);
  await rank.migrate();
  const after = await copyAndRaw();
  expect(after.copy).toEqual(before.raw);
  expect(after.copy.length).toBeGreaterThan(0);
  expect(
    await db.read((s) => s.number("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'cv_dom_set'")),
  ).toBe(0);
});
