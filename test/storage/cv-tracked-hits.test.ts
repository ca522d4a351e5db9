// The DuckDB copies of a campaign's domain results (cv/tracked-hits.ts) answer exactly as serp_by_domain:
// after each write path of the rollup fixture (SERP inserts, volume and membership changes, a snapshot
// replaced, an import commit, importBatches), every read that stages matching results is asked of the same
// file opened with copies off, then with copies on (the first reads queue the copy, `counts` waits for the
// write connection, then the reads are asked again), and the answers must be equal. The copy tables are
// then read directly to show that both campaigns' domains were copied, so the second answers came from them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CvScope } from '@storage/campaign-visibility-reads';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
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
let rank: RankStore;
const fx = rollupFixture(() => rank);
const { ids, members } = fx;

async function reopen(domainCopies: boolean): Promise<void> {
  await rank.close();
  rank = await openDuckDbRankStore(file, { domainCopies });
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
    for (const targets of [TARGETS, PATH_TARGETS]) {
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

/** Campaigns with copied domains, read from the file while no store holds it. */
async function copiedCampaigns(): Promise<number[]> {
  await rank.close();
  const instance = await DuckDBInstance.create(file);
  try {
    const conn = await instance.connect();
    const rows = (
      await conn.runAndReadAll('SELECT DISTINCT campaign_id FROM cv_dom_set ORDER BY 1')
    ).getRowObjectsJS();
    conn.closeSync();
    return rows.map((r) => Number(r.campaign_id));
  } finally {
    instance.closeSync();
    rank = await openDuckDbRankStore(file);
  }
}

async function expectCopiesMatchScans(step: string): Promise<void> {
  await reopen(false);
  const list = reads();
  const scanned = await ask(list);
  await reopen(true);
  await ask(reads());
  await rank.counts();
  const copied = await ask(reads());
  copied.forEach((answer, i) => expectSame(answer, scanned[i], `${step}: ${list[i]![0]}`));
  const withKeywords = [1, 2].filter((c) => (members.get(c) ?? []).length > 0);
  expect(await copiedCampaigns(), step).toEqual(withKeywords);
}

beforeAll(async () => {
  rank = await openDuckDbRankStore(file);
  await rank.migrate();
  await fx.seedKeywords();
});
afterAll(async () => {
  await rank.close();
  rmSync(dir, { recursive: true, force: true });
});

rollupWriteCases(() => rank, fx, expectCopiesMatchScans);

it('copies the domains a campaign declares before any read, so its first reads answer from the copies', async () => {
  // New memberships drop both campaigns' copies.
  await fx.setMembers(1, ['k1', 'k2', 'k3']);
  await fx.setMembers(2, ['k4', 'k5']);
  expect(await copiedCampaigns()).toEqual([]);
  // A domain never stored copies nothing and is no error.
  await rank.prepareCampaignReads(1, ['a.com', 'b.com', 'never-stored.example']);
  expect(await copiedCampaigns()).toEqual([1]);
  await rank.prepareCampaignReads(2, []);
  expect(await copiedCampaigns()).toEqual([1]);
});
