// Conformance cases for RankStore.rankTracking (issue 29 items 1–3): the tracked targets' results on a
// campaign's keywords with both positions, and each page's result types, equal to a plain reference computed
// here from the rows written (host match of @core/host-match, classic positions of @core/rank-tracking).
// Engine-neutral: they read the port only.
import { expect, it } from 'vitest';
import { matchesHostFilter, parseHostFilter, parseUrlParts, type HostFilter } from '@core/host-match';
import { classicPositions, type RankHit } from '@core/rank-tracking';
import { RESULT_TYPES, type ResultType } from '@core/result-types';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import type { RtPageTypes, RtQuery, RtTarget } from '@storage/rank-tracking-reads';

const D1 = '2026-03-02';
const D2 = '2026-03-09';
const D3 = '2026-03-16';

const TARGETS: RtTarget[] = ['a.com', 'shop.b.com', 'c.org/blog', 'b.com'].map((v) => ({
  key: v,
  filter: parseHostFilter(v)!,
}));

type Page = [ResultType, string][];

interface Fixture {
  ids: number[];
  rows: SerpResultInput[];
}

async function seed(store: RankStore): Promise<Fixture> {
  const texts = ['flights', 'hotels', 'cars', 'not in the campaign'];
  const idMap = await store.upsertKeywords(
    'gb-en',
    texts.map((text) => ({ text, sv: 100 })),
  );
  const ids = texts.map((t) => idMap.get(t)!);
  const [fl, ho, ca, out] = ids as [number, number, number, number];
  await store.setCampaignKeywords(7, 'gb-en', [
    { keywordId: fl, tags: ['travel'], groups: [] },
    { keywordId: ho, tags: [], groups: ['stay'] },
    { keywordId: ca, tags: [], groups: [] },
  ]);
  const plan: [number, string, Page][] = [
    [
      fl,
      D1,
      [
        ['ai_overview', 'https://x.io/ai'],
        ['organic', 'https://www.a.com/'],
        ['featured_snippet', 'https://a.com/f'],
        ['organic', 'https://b.com/x'],
        ['organic', 'https://shop.b.com/s'],
      ],
    ],
    [
      fl,
      D2,
      [
        ['organic', 'https://b.com/x'],
        ['people_also_ask', 'https://q.net/'],
        ['brand', 'https://a.com/'],
        ['organic', 'https://a.com/other'],
        ['local_pack', 'https://shop.b.com/map'],
      ],
    ],
    [
      fl,
      D3,
      [
        ['organic', 'https://c.org/blog/post'],
        ['organic', 'https://c.org/blogger'],
        ['video', 'https://c.org/blog/v'],
        ['organic', 'https://a.com/'],
      ],
    ],
    [
      ho,
      D1,
      [
        ['organic', 'https://c.org/blog'],
        ['organic', 'https://blog.a.com/h'],
      ],
    ],
    [
      ho,
      D3,
      [
        ['news', 'https://b.com/n'],
        ['organic', 'https://a.com/h'],
      ],
    ],
    [ca, D2, [['organic', 'https://z.com/']]],
    [out, D2, [['organic', 'https://a.com/out']]],
  ];
  const rows: SerpResultInput[] = plan.flatMap(([keywordId, date, page]) =>
    page.map(([resultType, url], i) => ({
      market: 'gb-en',
      keywordId,
      date,
      position: i + 1,
      resultType,
      url,
    })),
  );
  // A page whose first ranks were not stored (a rank tracker's observation, a block without links): the
  // classic position counts the organic results above only. Positions 65–70 exercise the upper mask word.
  rows.push(
    { market: 'gb-en', keywordId: ca, date: D3, position: 5, resultType: 'organic', url: 'https://a.com/c' },
    {
      market: 'gb-en',
      keywordId: ca,
      date: D3,
      position: 65,
      resultType: 'organic',
      url: 'https://z.com/65',
    },
    { market: 'gb-en', keywordId: ca, date: D3, position: 66, resultType: 'news', url: 'https://z.com/66' },
    {
      market: 'gb-en',
      keywordId: ca,
      date: D3,
      position: 70,
      resultType: 'brand',
      url: 'https://shop.b.com/70',
    },
  );
  await store.insertSerpResults(rows);
  return { ids, rows };
}

/** The plain reference of hits(): every row of a campaign keyword matching a target, with its classic rank. */
function referenceHits(f: Fixture, q: RtQuery, campaign: readonly number[]): RankHit[] {
  const out: RankHit[] = [];
  const pages = new Map<string, SerpResultInput[]>();
  for (const r of f.rows) {
    const k = `${r.keywordId} ${r.date}`;
    pages.set(k, [...(pages.get(k) ?? []), r]);
  }
  for (const page of pages.values()) {
    const classic = classicPositions(page);
    page.forEach((r, i) => {
      if (!campaign.includes(r.keywordId) || r.date < q.from || r.date > q.to) return;
      if (q.dates !== undefined && !q.dates.includes(r.date)) return;
      if (q.keywordIds !== null && !q.keywordIds.includes(r.keywordId)) return;
      q.targets.forEach((t, target) => {
        if (!matchesHostFilter(t.filter as HostFilter, parseUrlParts(r.url)!)) return;
        out.push({
          keywordId: r.keywordId,
          date: r.date,
          target,
          position: r.position,
          classic: classic[i]!,
          resultType: r.resultType,
          url: r.url,
        });
      });
    });
  }
  return out.sort(
    (a, b) =>
      a.keywordId - b.keywordId ||
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      a.target - b.target ||
      a.position - b.position,
  );
}

/** hits() of campaign 7 for the whole span, two keywords and two named dates equal the reference. */
async function expectReference(
  store: RankStore,
  f: Fixture,
  campaign: readonly number[],
  targets: readonly RtTarget[] = TARGETS,
): Promise<void> {
  for (const q of [
    { campaignId: 7, market: 'gb-en', targets, from: D1, to: D3, keywordIds: null },
    { campaignId: 7, market: 'gb-en', targets, from: D2, to: D3, keywordIds: [f.ids[0]!, f.ids[3]!] },
    { campaignId: 7, market: 'gb-en', targets, from: D1, to: D3, keywordIds: null, dates: [D1, D3] },
  ] satisfies RtQuery[]) {
    const got = await store.rankTracking.hits(q);
    expect(got).toEqual(referenceHits(f, q, campaign));
  }
}

export function rankTrackingCases(get: () => RankStore): void {
  it('reads every tracked target’s results with absolute and classic positions like the reference', async () => {
    const store = get();
    const f = await seed(store);
    await expectReference(store, f, f.ids.slice(0, 3));
    const all = await store.rankTracking.hits({
      campaignId: 7,
      market: 'gb-en',
      targets: TARGETS,
      from: D1,
      to: D3,
      keywordIds: null,
    });
    // flights at D1: a.com's organic result sits under an AI overview (absolute 2, classic 1).
    expect(all.find((h) => h.date === D1 && h.target === 0 && h.resultType === 'organic')).toMatchObject({
      position: 2,
      classic: 1,
    });
    expect(all.find((h) => h.date === D1 && h.resultType === 'featured_snippet')?.classic).toBeNull();
    expect(all.filter((h) => h.keywordId === f.ids[2]).map((h) => [h.position, h.classic])).toEqual([
      [5, 1],
      [70, 3],
      [70, 3],
    ]);
    // The path target matches /blog and below, not /blogger.
    expect(
      all
        .filter((h) => h.target === 2)
        .map((h) => h.url)
        .sort(),
    ).toEqual(['https://c.org/blog', 'https://c.org/blog/post', 'https://c.org/blog/v']);
  });

  it('reads the same once the campaign declares its tracked domains, through later keyword and domain edits', async () => {
    const store = get();
    const f = await seed(store);
    const [fl, ho, ca] = f.ids as [number, number, number];
    await store.prepareCampaignReads(7, ['a.com', 'b.com', 'c.org']);
    await expectReference(store, f, [fl, ho, ca]);
    // A new snapshot of a keyword replaces its page of D2: a.com now under a video and a local pack.
    const fresh: SerpResultInput[] = (
      [
        ['video', 'https://v.io/'],
        ['local_pack', 'https://shop.b.com/map'],
        ['organic', 'https://www.a.com/new'],
        ['organic', 'https://c.org/blog/x'],
      ] as [ResultType, string][]
    ).map(([resultType, url], i) => ({
      market: 'gb-en',
      keywordId: ho,
      date: D2,
      position: i + 1,
      resultType,
      url,
    }));
    await store.insertSerpResults(fresh);
    f.rows = [...f.rows.filter((r) => r.keywordId !== ho || r.date !== D2), ...fresh];
    await expectReference(store, f, [fl, ho, ca]);
    // A keyword removed, then a domain removed (its targets are still read, by the raw rows) and re-added.
    await store.setCampaignKeywords(7, 'gb-en', [
      { keywordId: fl, tags: [], groups: [] },
      { keywordId: ca, tags: [], groups: [] },
    ]);
    await expectReference(store, f, [fl, ca]);
    await store.prepareCampaignReads(7, ['a.com', 'c.org']);
    await expectReference(store, f, [fl, ca]);
    await expectReference(store, f, [fl, ca], [TARGETS[0]!, TARGETS[2]!]);
    await store.prepareCampaignReads(7, ['a.com', 'b.com', 'c.org']);
    await expectReference(store, f, [fl, ca]);
  });

  it('answers nothing for an unknown market, campaign or empty keyword list, and refuses bad input', async () => {
    const store = get();
    await seed(store);
    const base = { campaignId: 7, market: 'gb-en', targets: TARGETS, from: D1, to: D3, keywordIds: null };
    expect(await store.rankTracking.hits({ ...base, market: 'fr-fr' })).toEqual([]);
    expect(await store.rankTracking.hits({ ...base, campaignId: 8 })).toEqual([]);
    expect(await store.rankTracking.hits({ ...base, keywordIds: [] })).toEqual([]);
    await expect(store.rankTracking.hits({ ...base, from: D3, to: D1 })).rejects.toThrow(/after/u);
    await expect(store.rankTracking.hits({ ...base, from: '2026-02-30' })).rejects.toThrow(/invalid date/u);
  });

  it('reads the result types of each snapshot page of the campaign’s keywords', async () => {
    const store = get();
    const f = await seed(store);
    const got = await store.rankTracking.pageTypes({
      campaignId: 7,
      market: 'gb-en',
      from: D1,
      to: D3,
      keywordIds: null,
    });
    const want = new Map<string, RtPageTypes>();
    for (const r of f.rows) {
      if (!f.ids.slice(0, 3).includes(r.keywordId)) continue;
      const k = `${r.keywordId} ${r.date}`;
      const cur = want.get(k) ?? { keywordId: r.keywordId, date: r.date, types: [] };
      if (!cur.types.includes(r.resultType)) cur.types.push(r.resultType);
      want.set(k, cur);
    }
    const order = (t: ResultType) => RESULT_TYPES.indexOf(t);
    const expected = [...want.values()]
      .map((p) => ({ ...p, types: [...p.types].sort((a, b) => order(a) - order(b)) }))
      .sort((a, b) => a.keywordId - b.keywordId || (a.date < b.date ? -1 : 1));
    expect(got).toEqual(expected);
    expect(await store.rankTracking.snapshotDates('gb-en')).toEqual([D1, D2, D3]);
    expect(await store.rankTracking.snapshotDates('fr-fr')).toEqual([]);
  });
}
