// Conformance cases for RankStore.marketShare (issue 6 item 1): per-domain VS over a market's keywords at
// point dates (DESIGN §3 date rule), leaders, whole-market ranks and keyword-set scores, checked against the
// core reference (src/core/metrics/market-share.ts) on the same rows. Engine-neutral: they read the port only.
import { expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { buildRankData, type MetricKeyword, type MetricResult } from '@core/metrics';
import { domainScores } from '@core/metrics/competitors';
import { marketRanks, marketScores } from '@core/metrics/market-share';
import type { RankStore, SerpResultInput } from '@storage/rank-store';

const D1 = '2026-03-02';
const D2 = '2026-03-09';
const D3 = '2026-03-12'; // a keyword checked mid-week: the points of D2 … D3 overlap windows
const D4 = '2026-03-16';

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(b)));

interface Fixture {
  ids: number[];
  keywords: MetricKeyword[];
  results: MetricResult[];
}

async function seed(store: RankStore): Promise<Fixture> {
  const texts = ['flights', 'hotels', 'cars', 'unknown volume'];
  const svs = [1000, 400, 90, null];
  const idMap = await store.upsertKeywords(
    'gb-en',
    texts.map((text, i) => ({ text, sv: svs[i]! })),
  );
  const ids = texts.map((t) => idMap.get(t)!);
  const [fl, ho, ca, un] = ids as [number, number, number, number];
  const plan: [number, string, string[]][] = [
    [fl, D1, ['https://www.a.com/', 'https://b.com/x', 'https://shop.b.com/', 'https://c.org/']],
    [ho, D1, ['https://b.com/h', 'https://blog.a.com/h']],
    [ca, D1, ['https://c.org/c']],
    [un, D1, ['https://a.com/u']],
    [fl, D2, ['https://b.com/x', 'https://www.a.com/', 'https://d.co.uk/']],
    [ho, D2, ['https://blog.a.com/h', 'https://b.com/h']],
    [ca, D3, ['https://a.com/c', 'https://c.org/c']],
    [fl, D4, ['https://d.co.uk/', 'https://b.com/x']],
  ];
  const rows: SerpResultInput[] = plan.flatMap(([keywordId, date, urls]) =>
    urls.map((url, i) => ({ market: 'gb-en', keywordId, date, position: i + 1, resultType: 'organic', url })),
  );
  await store.insertSerpResults(rows);
  return {
    ids,
    keywords: ids.map((id, i) => ({ id, sv: svs[i]! })),
    results: rows.map((r) => ({ ...r })),
  };
}

export function marketShareCases(get: () => RankStore): void {
  // [D1, D2] take the weekly fast path (each point's window holds only the point itself); D3 and D4 overlap.
  it.each([
    ['overlapping windows', [D1, D2, D3, D4]],
    ['weekly points', [D1, D2]],
  ])(
    'scores every domain at each point like the core reference, with leaders and ranks (%s)',
    async (_, points) => {
      const store = get();
      const f = await seed(store);
      const data = buildRankData(f.keywords, f.results);
      const ref = marketScores(data, f.ids, points);
      const got = await store.marketShare.domainSeries('gb-en', points, DEFAULT_CTR, ['c.org', 'zz.test'], 2);
      got.totals.forEach((t, i) => close(t, ref.totals[i]!));
      const endRanks = marketRanks(ref.byPoint.at(-1)!);
      const startRanks = marketRanks(ref.byPoint[0]!);
      const leaders = [...endRanks].filter(([, r]) => r <= 2).map(([d]) => d);
      expect(got.leaders).toEqual(leaders);
      const shown = new Set([...leaders, 'c.org']);
      const want = ref.scores.filter((s) => shown.has(s.domain));
      expect(got.scores.map((s) => [s.date, s.domain])).toEqual(
        [...want]
          .sort((a, b) => (a.date + a.domain < b.date + b.domain ? -1 : 1))
          .map((s) => [s.date, s.domain]),
      );
      for (const s of got.scores) {
        close(s.visibilityScore, ref.byPoint[points.indexOf(s.date)]!.get(s.domain)!);
      }
      expect(got.ranks).toEqual(
        [...shown, 'zz.test'].sort().map((domain) => ({
          domain,
          start: startRanks.get(domain) ?? null,
          end: endRanks.get(domain) ?? null,
        })),
      );
    },
  );

  // At D4 the window holds D3 too; at D2 only D2 (the single-date path).
  it.each([D4, D2])(
    'scores keyword sets at %s, each keyword at its latest snapshot in the window',
    async (day) => {
      const store = get();
      const f = await seed(store);
      const data = buildRankData(f.keywords, f.results);
      const [fl, ho, ca] = f.ids as [number, number, number];
      const sets = [
        { label: 'travel', keywordIds: [fl, ho] },
        { label: 'cars', keywordIds: [ca] },
        { label: 'none', keywordIds: [] },
      ];
      const got = await store.marketShare.setScores('gb-en', day, DEFAULT_CTR, sets, [
        'a.com',
        'b.com',
        'c.org',
      ]);
      expect(got.map((s) => s.label)).toEqual(['travel', 'cars', 'none']);
      sets.forEach((set, i) => {
        const ref = domainScores(data, set.keywordIds, day);
        close(
          got[i]!.total,
          [...ref.values()].reduce((a, v) => a + v, 0),
        );
        const want = ['a.com', 'b.com', 'c.org'].filter((d) => (ref.get(d) ?? 0) > 0);
        expect(got[i]!.scores.map((s) => s.domain)).toEqual(want);
        for (const s of got[i]!.scores) close(s.visibilityScore, ref.get(s.domain)!);
      });
    },
  );

  it('answers zeros for an unknown market and refuses bad input', async () => {
    const store = get();
    expect(await store.marketShare.domainSeries('us-en', [D1], DEFAULT_CTR, ['a.com'], 5)).toEqual({
      totals: [0],
      leaders: [],
      scores: [],
      ranks: [],
    });
    expect(
      await store.marketShare.setScores('us-en', D1, DEFAULT_CTR, [{ label: 't', keywordIds: [1] }], []),
    ).toEqual([{ label: 't', total: 0, scores: [] }]);
    await expect(store.marketShare.domainSeries('gb-en', [D2, D1], DEFAULT_CTR, [], 5)).rejects.toThrow(
      /ascending/,
    );
    await expect(store.marketShare.domainSeries('gb-en', [D1], DEFAULT_CTR, ['A.com'], 5)).rejects.toThrow(
      /lower-case/,
    );
    await expect(store.marketShare.domainSeries('gb-en', [D1], DEFAULT_CTR, [], 0)).rejects.toThrow(/limit/);
    await expect(store.marketShare.setScores("gb' OR 1=1", D1, DEFAULT_CTR, [], [])).rejects.toThrow(
      /market/,
    );
  });
}
