// Conformance cases for data derived from serp_results (issue 4): after every write path (insertSerpResults,
// a staged import commit, importBatches) the campaign-visibility reads and the explorer's competitors league
// (issue 5) answer from the new rows only, as a recompute would. Engine-neutral: they read the port only.
import { expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import type { CvScope, CvTarget } from '@storage/campaign-visibility-reads';
import type { RankBatch } from '@storage/transfer';
import type { RankStore } from '@storage/rank-store';

const DATE = '2026-01-05';
const SV = 1000;
const target = (d: string): CvTarget => ({ key: d, filters: [parseHostFilter(d)!] });
const TARGETS = [target('a.com'), target('b.com')];
const scope: CvScope = {
  campaignId: 7,
  market: 'gb-en',
  tags: [],
  tagsMatch: 'any',
  groups: [],
  keywords: [],
  resultTypes: [],
  ctr: DEFAULT_CTR,
};

/** Visibility scores of a.com and b.com on DATE. */
async function scores(store: RankStore): Promise<number[]> {
  const s = await store.campaignVisibility.series(
    scope,
    TARGETS,
    { start: DATE, end: DATE },
    { market: true },
  );
  return s.points[0]?.visibilityScores ?? [];
}

type LeagueRow = [domain: string, keywords: number, visibilityScore: number];

/** Expects the explorer's league of the snapshots b.com ranks in on DATE to be `want` (VS to 1e-9). */
async function expectLeague(store: RankStore, want: LeagueRow[]): Promise<void> {
  const got = await league(store);
  expect(got.map(([d, n]) => [d, n])).toEqual(want.map(([d, n]) => [d, n]));
  got.forEach(([, , vs], i) => expect(vs).toBeCloseTo(want[i]![2], 9));
}

/** The explorer's league of the snapshots b.com ranks in on DATE: [domain, keywords, VS] per domain. */
async function league(store: RankStore): Promise<LeagueRow[]> {
  const p = await store.visibilityExplorer.hostPoint(
    'gb-en',
    parseHostFilter('b.com')!,
    DATE,
    DEFAULT_CTR,
    10,
    10,
  );
  return p.league.rows.map((r) => [r.domain, r.keywords, r.visibilityScore]);
}

const page = (kw: number, hosts: string[]) =>
  hosts.map((h, i) => ({
    market: 'gb-en',
    keywordId: kw,
    date: DATE,
    position: i + 1,
    resultType: 'organic' as const,
    url: `https://${h}/`,
  }));

export function derivedCases(store: () => RankStore): void {
  it('campaign-visibility and explorer reads follow every write path of serp_results', async () => {
    const s = store();
    const kw = (await s.upsertKeywords('gb-en', [{ text: 'derived', sv: SV }])).get('derived')!;
    await s.setCampaignKeywords(7, 'gb-en', [{ keywordId: kw, tags: [], groups: [] }]);
    const c = (p: number) => SV * DEFAULT_CTR[p - 1]!;

    await s.insertSerpResults(page(kw, ['a.com', 'b.com']));
    expect(await scores(s)).toEqual([c(1), c(2)]);
    const first: LeagueRow[] = [
      ['a.com', 1, c(1)],
      ['b.com', 1, c(2)],
    ];
    await expectLeague(s, first);
    const marketId = (await s.checksums()).segments.find((x) => x.table === 'serp_results')!.marketId;
    const segment = { table: 'serp_results' as const, marketId, date: DATE };
    const saved: RankBatch[] = [];
    for await (const b of s.exportBatches(segment)) saved.push(b);

    // b.com twice in one snapshot: one keyword, the VS of both positions.
    await s.insertSerpResults(page(kw, ['b.com', 'c.com', 'b.com']));
    const [a, b] = await scores(s);
    expect(a).toBe(0);
    expect(b).toBeCloseTo(c(1) + c(3), 9);
    await expectLeague(s, [
      ['b.com', 1, c(1) + c(3)],
      ['c.com', 1, c(2)],
    ]);

    const imp = await s.beginImport();
    await imp.addUrls([
      { localId: 0, url: 'https://a.com/x', host: 'a.com', domain: 'a.com', path: '/x', title: null },
    ]);
    await imp.addSerpRows({
      count: 1,
      keyword: Int32Array.from([0]),
      day: Int32Array.from([20_458]),
      position: Uint8Array.from([3]),
      resultType: Uint8Array.from([0]),
      url: Int32Array.from([0]),
      part: Uint16Array.from([0]),
    });
    await imp.commit({
      keywords: [{ localId: 0, market: 'gb-en', text: 'derived', sv: SV, tags: [], groups: [] }],
      campaign: null,
      searchConsole: null,
    });
    expect(await scores(s)).toEqual([c(3), 0]);
    await expectLeague(s, []);

    await s.importBatches(
      segment,
      (async function* () {
        yield* saved;
      })(),
    );
    expect(await scores(s)).toEqual([c(1), c(2)]);
    await expectLeague(s, first);
  });
}
