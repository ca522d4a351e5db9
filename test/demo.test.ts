// The demo workspace on real stores (SQLite MetaStore, DuckDB RankStore in a temp folder): deterministic
// for a seed, the three stories visible in visibility scores computed with the core reference functions on
// rows read back through the port, a plausible result-type mix, distinct hosts in every top 10 but for the
// planted cannibalisation, a little week-to-week churn, and ≥ 5,000 distinct hosts at the default size.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctr } from '@core/ctr';
import { PALETTE } from '@core/demo/palette';
import { matchesHostFilter, parseHostFilter, parseUrlParts } from '@core/host-match';
import type { MetaStore } from '@storage/meta-store';
import { openSqliteMetaStore } from '@storage/meta/sqlite';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore, SerpResultRow } from '@storage/rank-store';
import {
  seedDemoWorkspace,
  type DemoPhase,
  type SeedDemoSummary,
} from '@server/services/demo/seed-demo-workspace';

const NOW = '2025-07-02T09:30:00Z'; // a Wednesday: the history ends on Monday 2025-06-30
const root = mkdtempSync(join(tmpdir(), 'sightline-demo-'));

interface Workspace {
  meta: MetaStore;
  rank: RankStore;
  organisationId: number;
  summary: SeedDemoSummary;
  progress: { phase: DemoPhase; done: number; total: number }[];
}

const opened: Workspace[] = [];

async function workspace(
  name: string,
  keywordsPerMarket: number,
  weeks: number,
  seed = 20250630,
): Promise<Workspace> {
  const meta = await openSqliteMetaStore(join(root, name, 'meta.sqlite'));
  await meta.migrate();
  const rank = await openDuckDbRankStore(join(root, name, 'rank.duckdb'));
  await rank.migrate();
  const organisationId = (await meta.createOrganisation('Demo organisation', NOW)).id;
  const progress: Workspace['progress'] = [];
  const summary = await seedDemoWorkspace(
    { meta, rank },
    { organisationId, seed, keywordsPerMarket, weeks, now: NOW },
    (phase, done, total) => progress.push({ phase, done, total }),
  );
  const ws = { meta, rank, organisationId, summary, progress };
  opened.push(ws);
  return ws;
}

async function checksum(ws: Workspace): Promise<string> {
  const hash = createHash('sha256');
  for (const market of ws.summary.markets) {
    const text = new Map((await ws.rank.readKeywords(market)).map((k) => [k.id, `${k.text}|${k.sv}`]));
    const { snapshotDates } = await ws.rank.marketSummary(market);
    for (const date of snapshotDates) {
      for (const r of await ws.rank.readSnapshot(market, date)) {
        hash.update(`${market}|${date}|${text.get(r.keywordId)}|${r.position}|${r.resultType}|${r.url}\n`);
      }
    }
  }
  return hash.digest('hex');
}

/** Visibility score per week of each tracked domain: Σ sv × ctr(position) over matching results. */
async function campaignSeries(ws: Workspace, campaignId: number) {
  const campaign = (await ws.meta.getCampaign(ws.organisationId, campaignId))!;
  const members = await ws.rank.readCampaignKeywords(campaignId);
  const ids = members.map((m) => m.keywordId);
  const sv = new Map((await ws.rank.readKeywords(campaign.market, ids)).map((k) => [k.id, k.sv ?? 0]));
  const tracked = await ws.meta.listTrackedDomains(campaignId);
  const { snapshotDates } = await ws.rank.marketSummary(campaign.market);
  const series = new Map(tracked.map((t) => [t.value, [] as number[]]));
  for (const date of snapshotDates) {
    const rows = await ws.rank.readSnapshot(campaign.market, date, ids);
    const parsed = rows.map((r) => ({ r, url: parseUrlParts(r.url)! }));
    for (const t of tracked) {
      const f = parseHostFilter(t.value)!;
      const vs = parsed
        .filter((x) => matchesHostFilter(f, x.url))
        .reduce((sum, x) => sum + sv.get(x.r.keywordId)! * ctr(x.r.position), 0);
      series.get(t.value)!.push(vs);
    }
  }
  const own = tracked.find((t) => t.isOwn)!;
  return { own: series.get(own.value)!, series, tracked };
}

function project(ws: Workspace, key: string) {
  return ws.summary.projects.find((p) => p.name.startsWith(key))!;
}

afterAll(async () => {
  for (const ws of opened) await Promise.allSettled([ws.meta.close(), ws.rank.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe('demo workspace: determinism', () => {
  it('gives identical data for the same seed, and different data for another seed', async () => {
    const a = await workspace('det-a', 300, 6);
    const b = await workspace('det-b', 300, 6);
    const c = await workspace('det-c', 300, 2, 99);
    const sumA = await checksum(a);
    expect(await checksum(b)).toBe(sumA);
    expect(await checksum(c)).not.toBe(sumA);
    const { timings: _ta, ...restA } = a.summary;
    const { timings: _tb, ...restB } = b.summary;
    expect(restB).toEqual(restA);
    expect(restA.serpResults).toBe(2 * 300 * 6 * 100);
    expect(restA.endDate).toBe('2025-06-30');
  });
});

describe('demo workspace: stories and SERPs', () => {
  let ws: Workspace;
  let lastDate: Map<string, SerpResultRow[]>;

  beforeAll(async () => {
    ws = await workspace('stories', 2000, 8);
    lastDate = new Map();
    for (const market of ws.summary.markets) {
      lastDate.set(market, await ws.rank.readSnapshot(market, ws.summary.endDate));
    }
  });

  it('writes three projects with campaigns, tracked domains and domain groups', async () => {
    const projects = await ws.meta.listProjects(ws.organisationId);
    expect(projects.map((p) => p.name)).toEqual(['Wanderlane Travel', 'Clearpath Money', 'Hearth & Home']);
    // No rank-check schedule is created, so no campaign shows one (issue 26: the list said WEEKLY).
    const campaigns = await ws.meta.listCampaigns(ws.organisationId);
    expect(campaigns.map((c) => c.schedule)).toEqual([null, null, null]);
    for (const p of ws.summary.projects) {
      const tracked = await ws.meta.listTrackedDomains(p.campaignId);
      expect(tracked.length).toBeGreaterThanOrEqual(6);
      expect(tracked.length).toBeLessThanOrEqual(12);
      expect(tracked.some((t) => t.isOwn)).toBe(true);
      const groups = await ws.meta.listDomainGroups(p.campaignId);
      expect(groups.length).toBeGreaterThanOrEqual(1);
      for (const g of groups) expect(g.members.every((m) => tracked.some((t) => t.value === m))).toBe(true);
      const colours = [...tracked.map((t) => t.color), ...groups.map((g) => g.color)];
      expect(colours.every((c) => PALETTE.includes(c))).toBe(true);
      expect(new Set(colours).size).toBe(colours.length);
      const membership = await ws.rank.campaignKeywordSummary(p.campaignId);
      expect(membership.keywords).toBe(p.keywords);
      expect(membership.keywords).toBeGreaterThan(200);
      expect(membership.tags.length).toBeGreaterThan(2);
      expect(membership.groups.length).toBeGreaterThan(2);
    }
    expect((await ws.meta.listMarkets(ws.organisationId)).map((m) => [m.code, m.rankKey])).toEqual([
      ['gb-en', 'gb-en'],
      ['us-en', 'us-en'],
    ]);
  });

  it('reports progress for every phase and SERP chunk', () => {
    const phases = new Set(ws.progress.map((p) => p.phase));
    expect([...phases]).toEqual(['plan', 'workspace', 'keywords', 'campaigns', 'serps']);
    const serps = ws.progress.filter((p) => p.phase === 'serps');
    expect(serps.at(-1)).toEqual({ phase: 'serps', done: 16, total: 16 });
    expect(Object.values(ws.summary.timings).every((t) => t >= 0)).toBe(true);
  });

  it("project A's own site rises steadily", async () => {
    const { own } = await campaignSeries(ws, project(ws, 'Wanderlane').campaignId);
    expect(own.at(-1)!).toBeGreaterThan(2 * own[0]!);
    const ups = own.slice(1).filter((v, i) => v > own[i]!).length;
    expect(ups).toBeGreaterThanOrEqual(own.length - 2);
  });

  it("project B's own site is stable, loses ≥ 25 % in one week, then slides", async () => {
    const { own } = await campaignSeries(ws, project(ws, 'Clearpath').campaignId);
    const drop = own.findIndex((v, i) => i > 0 && v <= 0.75 * own[i - 1]!);
    expect(drop).toBeGreaterThanOrEqual(3);
    const before = own.slice(0, drop);
    expect(Math.max(...before) / Math.min(...before)).toBeLessThan(1.1);
    expect(Math.max(...own.slice(drop))).toBeLessThan(own[drop - 1]! * 0.75);
  });

  it("project C's own site leads its campaign every week and varies by under 10 %", async () => {
    const { own, series } = await campaignSeries(ws, project(ws, 'Hearth').campaignId);
    own.forEach((v, w) => {
      for (const other of series.values()) if (other !== own) expect(v).toBeGreaterThan(other[w]!);
    });
    const mean = own.reduce((a, b) => a + b, 0) / own.length;
    expect((Math.max(...own) - Math.min(...own)) / mean).toBeLessThan(0.1);
  });

  it('has 100 results per keyword, distinct hosts in each top 10 except sitelinks and planted second URLs', () => {
    for (const rows of lastDate.values()) {
      const byKeyword = new Map<number, SerpResultRow[]>();
      for (const r of rows) byKeyword.set(r.keywordId, [...(byKeyword.get(r.keywordId) ?? []), r]);
      expect(byKeyword.size).toBe(2000);
      let planted = 0;
      for (const results of byKeyword.values()) {
        expect(results.map((r) => r.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
        const top = results.filter((r) => r.position <= 10 && r.resultType !== 'sitelink');
        const hosts = top.map((r) => r.host);
        if (new Set(hosts).size !== hosts.length) {
          // The planted cannibalisation (DEMO_CONFLICTS): a host twice, on two URLs 1–3 places apart.
          planted++;
          for (const host of new Set(hosts)) {
            const twice = top.filter((r) => r.host === host);
            if (twice.length === 1) continue;
            expect(twice).toHaveLength(2);
            expect(twice[0]!.url).not.toBe(twice[1]!.url);
            expect(twice[1]!.position - twice[0]!.position).toBeLessThanOrEqual(3);
          }
        }
        for (const s of results.filter((r) => r.resultType === 'sitelink')) {
          expect(s.host).toBe(results[0]!.host);
        }
      }
      // A small share of keywords: a few per cent at most, and some in every market.
      expect(planted).toBeGreaterThan(0);
      expect(planted / byKeyword.size).toBeLessThan(0.03);
    }
  });

  it('mixes result types in plausible shares', () => {
    const expected: [string, number, number][] = [
      ['featured_snippet', 15, 4],
      ['ai_overview', 20, 5],
      ['people_also_ask', 40, 6],
      ['local_pack', 8, 3],
      ['news', 6, 3],
      ['video', 12, 4],
    ];
    for (const rows of lastDate.values()) {
      const share = (type: string, where: (r: SerpResultRow) => boolean = () => true) =>
        (new Set(rows.filter((r) => r.resultType === type && where(r)).map((r) => r.keywordId)).size / 2000) *
        100;
      expect(share('featured_snippet', (r) => r.position === 1)).toBeCloseTo(share('featured_snippet'), 6);
      for (const [type, pct, tolerance] of expected) {
        expect(Math.abs(share(type) - pct), `${type} ${share(type).toFixed(1)} %`).toBeLessThanOrEqual(
          tolerance,
        );
      }
      for (const type of ['shopping', 'image', 'knowledge_panel', 'sitelink'])
        expect(share(type)).toBeGreaterThan(1);
      const organic = rows.filter((r) => r.resultType === 'organic').length / rows.length;
      expect(organic).toBeGreaterThan(0.9);
    }
  });

  it('churns a little from week to week', async () => {
    const dates = (await ws.rank.marketSummary('gb-en')).snapshotDates;
    const before = await ws.rank.readSnapshot('gb-en', dates.at(-2)!);
    const after = lastDate.get('gb-en')!;
    const top = (rows: SerpResultRow[]) => rows.filter((r) => r.position <= 10);
    const a = top(before);
    const b = top(after);
    const changed = a.filter((r, i) => r.url !== b[i]!.url).length / a.length;
    expect(changed).toBeGreaterThan(0.02);
    expect(changed).toBeLessThan(0.25);
  });

  it('re-runs without duplicating the workspace', async () => {
    const again = await seedDemoWorkspace(
      { meta: ws.meta, rank: ws.rank },
      { organisationId: ws.organisationId, seed: 20250630, keywordsPerMarket: 2000, weeks: 8, now: NOW },
    );
    expect(again.projects).toEqual(ws.summary.projects);
    expect((await ws.meta.listProjects(ws.organisationId)).length).toBe(3);
    expect((await ws.meta.listCampaigns(ws.organisationId)).length).toBe(3);
    expect(await ws.rank.counts()).toMatchObject({
      keywords: 4000,
      serpResults: 2 * 2000 * 8 * 100,
      snapshotDates: 8,
    });
    expect(await ws.rank.readSnapshot('us-en', ws.summary.endDate)).toEqual(lastDate.get('us-en'));
  });
});

describe('demo workspace: default size', () => {
  it('ranks at least 5,000 distinct hosts across 2 × 20,000 keywords', async () => {
    const ws = await workspace('default', 20_000, 1);
    const counts = await ws.rank.counts();
    expect(counts.keywords).toBe(40_000);
    expect(counts.serpResults).toBe(40_000 * 100);
    expect(counts.hosts).toBeGreaterThanOrEqual(5000);
    const gb = await ws.rank.marketSummary('gb-en');
    expect(gb.keywordsWithVolume / gb.keywords).toBeGreaterThan(0.95);
    expect(gb.keywordsWithVolume / gb.keywords).toBeLessThan(0.99);
  });
});
