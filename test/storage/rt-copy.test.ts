// The DuckDB rank-tracking copy (rt_hits, src/storage/rank/duckdb/derived.ts) answers exactly as the raw read:
// after each write path of the rollup fixture (SERP inserts, volume changes, keywords added and removed, a
// campaign emptied and refilled, a snapshot replaced, import commits, importBatches) and after tracked
// domains are added and removed, every rank-tracking hits read of both campaigns is asked of the same file
// opened with copies off (the raw read, serp_by_domain), then with copies on (the copy), and the answers must
// be equal. The copy is then read directly to show it holds rows of every campaign with keywords, so the
// second answers came from it, and that its URL dictionary (rt_urls) holds every URL it names.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseHostFilter } from '@core/host-match';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import type { RtQuery, RtTarget } from '@storage/rank-tracking-reads';
import { expectSame, rollupFixture, rollupWriteCases } from './cv-rollup-fixture';

const dir = mkdtempSync(join(tmpdir(), 'sightline-rt-copy-'));
const file = join(dir, 'rank.duckdb');
let rank: RankStore;
const fx = rollupFixture(() => rank);

const targets = (...values: string[]): RtTarget[] =>
  values.map((v) => ({ key: v, filter: parseHostFilter(v)! }));

/** Each campaign's declared registrable domains, and the targets read (domains, hosts and paths of them). */
const declared = new Map<number, string[]>([
  [1, ['a.com', 'b.com', 'c.org']],
  [2, ['b.com', 'd.net', 'never-stored.example']],
]);
const TARGETS = new Map<number, RtTarget[]>([
  [1, targets('a.com', 'www.a.com', 'www.a.com/x', 'shop.a.com/y', 'b.com', 'www.b.com', 'c.org')],
  [2, targets('b.com', 'www.b.com/x', 'd.net', 'never-stored.example')],
]);

function queries(): [string, RtQuery][] {
  const out: [string, RtQuery][] = [];
  for (const campaignId of [1, 2]) {
    const base = { campaignId, market: 'gb-en', targets: TARGETS.get(campaignId)! };
    const some = (fx.members.get(campaignId) ?? []).slice(0, 2).map((t) => fx.ids.get(t)!);
    const at = `campaign ${campaignId}`;
    out.push([`${at} whole history`, { ...base, keywordIds: null, from: '2026-01-01', to: '2026-01-31' }]);
    out.push([`${at} two keywords`, { ...base, keywordIds: some, from: '2026-01-01', to: '2026-01-31' }]);
    out.push([
      `${at} named dates`,
      {
        ...base,
        keywordIds: null,
        from: '2026-01-05',
        to: '2026-01-19',
        dates: ['2026-01-05', '2026-01-14'],
      },
    ]);
    out.push([`${at} one week`, { ...base, keywordIds: null, from: '2026-01-10', to: '2026-01-16' }]);
  }
  return out;
}

const ask = (list: [string, RtQuery][]) => Promise.all(list.map(([, q]) => rank.rankTracking.hits(q)));

async function reopen(domainCopies: boolean): Promise<void> {
  await rank.close();
  rank = await openDuckDbRankStore(file, { domainCopies });
}

/**
 * Campaigns with rows in the copy, read from the file while no store holds it; throws when a URL the copy
 * names is missing from its campaign's URL dictionary (rt_urls) or has another text there.
 */
async function copiedCampaigns(): Promise<number[]> {
  await rank.close();
  const instance = await DuckDBInstance.create(file);
  try {
    const conn = await instance.connect();
    const rows = (
      await conn.runAndReadAll('SELECT DISTINCT campaign_id FROM rt_hits ORDER BY 1')
    ).getRowObjectsJS();
    const missing = (
      await conn.runAndReadAll(`SELECT count(*) AS n FROM (SELECT DISTINCT campaign_id, url_id FROM rt_hits) h
        JOIN urls u ON u.id = h.url_id
        LEFT JOIN rt_urls d ON d.campaign_id = h.campaign_id AND d.url_id = h.url_id
        WHERE d.url IS DISTINCT FROM u.url`)
    ).getRowObjectsJS();
    conn.closeSync();
    expect(Number(missing[0]!.n), 'URLs of the copy missing from its dictionary').toBe(0);
    return rows.map((r) => Number(r.campaign_id));
  } finally {
    instance.closeSync();
    rank = await openDuckDbRankStore(file);
  }
}

async function expectCopyMatchesRaw(step: string): Promise<void> {
  const list = queries();
  await reopen(false);
  const raw = await ask(list);
  await reopen(true);
  const copied = await ask(list);
  copied.forEach((answer, i) => expectSame(answer, raw[i], `${step}: ${list[i]![0]}`));
  const withKeywords = [1, 2].filter((c) => (fx.members.get(c) ?? []).length > 0);
  expect(await copiedCampaigns(), step).toEqual(withKeywords);
}

beforeAll(async () => {
  rank = await openDuckDbRankStore(file);
  await rank.migrate();
  await fx.seedKeywords();
  // Declared before the campaigns have keywords or the domains results: both are copied as they come.
  for (const [id, domains] of declared) await rank.prepareCampaignReads(id, domains);
});
afterAll(async () => {
  await rank.close();
  rmSync(dir, { recursive: true, force: true });
});

rollupWriteCases(() => rank, fx, expectCopyMatchesRaw);

it('after tracked domains are added and removed', async () => {
  // c.org removed from campaign 1: its target falls back to the raw read; d.net added and read from the copy.
  declared.set(1, ['a.com', 'b.com', 'd.net']);
  TARGETS.set(1, [...TARGETS.get(1)!, ...targets('d.net')]);
  await rank.prepareCampaignReads(1, declared.get(1)!);
  await expectCopyMatchesRaw('c.org removed, d.net added');
  TARGETS.set(1, targets('a.com', 'www.a.com/x', 'b.com', 'd.net'));
  await expectCopyMatchesRaw('targets all declared again');
  // Every domain removed: the campaign's copy is emptied.
  await rank.prepareCampaignReads(2, []);
  expect(await copiedCampaigns()).toEqual([1]);
});
