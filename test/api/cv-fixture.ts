// A small hand-made campaign for the campaign-visibility tests, written through the MetaStore and RankStore
// ports: four campaign keywords (one of unknown volume) plus one outside the campaign, four point dates (three
// Mondays and a Wednesday rank-tracker snapshot holding one result), three hosts of acme.com/rival.co.uk
// including a subdomain and a path filter, and a domain group. Every expected number of cv-fixture.test.ts is
// computed by hand from these rows with the default CTR curve (1: .285, 2: .157, 3: .110, 4: .080, 7: .040).
import { expect } from 'vitest';
import type { ResultType } from '@core/result-types';
import type { Stores } from '@server/context';
import type { SerpResultInput } from '@storage/rank-store';

export const D1 = '2025-01-06';
export const D2 = '2025-01-13';
/** A Wednesday: keyword k4's only snapshot, one result at position 7 and none at position 1. */
export const DW = '2025-01-15';
export const D3 = '2025-01-20';

export const KEYWORDS = {
  k1: { text: 'alpha shoes', sv: 1000, tags: ['brand', 'shoes'], groups: ['G1'] },
  k2: { text: 'beta boots', sv: 200, tags: ['shoes'], groups: ['G1', 'G2'] },
  k3: { text: 'gamma socks', sv: null, tags: ['socks'], groups: ['G2'] },
  k4: { text: 'delta laces', sv: 50, tags: [], groups: [] },
} as const;
export type Kw = keyof typeof KEYWORDS;

/** Tracked domains in order: a registrable domain, a subdomain host, a host with a path prefix. */
export const TRACKED = [
  { value: 'acme.com', label: 'Acme', color: '#1f77b4', isOwn: true },
  { value: 'shop.acme.com', label: 'Acme shop', color: '#ff7f0e', isOwn: true },
  { value: 'www.rival.co.uk/blog', label: 'Rival blog', color: '#2ca02c', isOwn: false },
];
export const GROUP = {
  label: 'Acme and Rival blog',
  color: '#d62728',
  members: ['acme.com', 'www.rival.co.uk/blog'],
};

type R = [position: number, url: string, type: ResultType];
const SERPS: { date: string; kw: Kw | 'k5'; results: R[] }[] = [
  {
    date: D1,
    kw: 'k1',
    results: [
      [1, 'https://www.acme.com/shoes', 'organic'],
      [2, 'https://www.rival.co.uk/blog/shoes', 'organic'],
      [3, 'https://shop.acme.com/p/1', 'shopping'],
      [4, 'https://news.site.org/a', 'news'],
    ],
  },
  {
    date: D1,
    kw: 'k2',
    results: [
      [1, 'https://www.rival.co.uk/boots', 'organic'],
      [2, 'https://shop.acme.com/boots', 'organic'],
      [3, 'https://www.acme.com/boots', 'brand'],
    ],
  },
  {
    date: D1,
    kw: 'k3',
    results: [
      [1, 'https://news.site.org/socks', 'organic'],
      [2, 'https://www.acme.com/socks', 'organic'],
    ],
  },
  { date: D1, kw: 'k5', results: [[1, 'https://www.acme.com/x', 'organic']] },
  {
    date: D2,
    kw: 'k1',
    results: [
      [1, 'https://www.rival.co.uk/blog/shoes', 'organic'],
      [2, 'https://www.acme.com/shoes', 'organic'],
      [3, 'https://news.site.org/a', 'news'],
    ],
  },
  {
    date: D2,
    kw: 'k2',
    results: [
      [1, 'https://shop.acme.com/boots', 'organic'],
      [2, 'https://www.rival.co.uk/blog', 'featured_snippet'],
      [3, 'https://www.acme.com/boots', 'organic'],
    ],
  },
  { date: D2, kw: 'k3', results: [[1, 'https://www.acme.com/socks', 'organic']] },
  { date: DW, kw: 'k4', results: [[7, 'https://www.rival.co.uk/blog/laces', 'organic']] },
  {
    date: D3,
    kw: 'k1',
    results: [
      [1, 'https://www.acme.com/shoes', 'organic'],
      [2, 'https://shop.acme.com/p/1', 'organic'],
      [3, 'https://www.rival.co.uk/blogger', 'organic'],
      [4, 'https://www.rival.co.uk/blog/shoes', 'organic'],
    ],
  },
  {
    date: D3,
    kw: 'k2',
    results: [
      [1, 'https://www.acme.com/boots', 'organic'],
      [2, 'https://news.site.org/b', 'video'],
    ],
  },
];

export interface CvFixture {
  organisationId: number;
  campaignId: number;
  groupId: number;
  ids: Record<Kw | 'k5', number>;
}

/** Writes the fixture campaign for an organisation (market gb-en). */
export async function seedCvFixture(stores: Stores, organisationId: number): Promise<CvFixture> {
  const now = '2025-02-01T00:00:00.000Z';
  const { meta, rank } = stores;
  const project = await meta.createProject(organisationId, 'Acme', now);
  const campaign = await meta.createCampaign(
    { organisationId, projectId: project.id, name: 'Acme footwear', market: 'gb-en' },
    now,
  );
  for (const t of TRACKED) await meta.addTrackedDomain(campaign.id, t);
  const group = await meta.createDomainGroup(campaign.id, GROUP);
  const byText = await rank.upsertKeywords('gb-en', [
    ...Object.values(KEYWORDS).map((k) => ({ text: k.text, sv: k.sv })),
    { text: 'other thing', sv: 5000 },
  ]);
  const ids = {
    k1: byText.get(KEYWORDS.k1.text)!,
    k2: byText.get(KEYWORDS.k2.text)!,
    k3: byText.get(KEYWORDS.k3.text)!,
    k4: byText.get(KEYWORDS.k4.text)!,
    k5: byText.get('other thing')!,
  };
  await rank.setCampaignKeywords(
    campaign.id,
    'gb-en',
    (Object.keys(KEYWORDS) as Kw[]).map((k) => ({
      keywordId: ids[k],
      tags: [...KEYWORDS[k].tags],
      groups: [...KEYWORDS[k].groups],
    })),
  );
  const rows: SerpResultInput[] = SERPS.flatMap((s) =>
    s.results.map(([position, url, resultType]) => ({
      market: 'gb-en',
      keywordId: ids[s.kw],
      date: s.date,
      position,
      resultType,
      url,
    })),
  );
  await rank.insertSerpResults(rows);
  return { organisationId, campaignId: campaign.id, groupId: group.id, ids };
}

/** A response item keyed by target. */
export type Item = { key: string; [k: string]: unknown };
export const byKey = (items: Item[]): Record<string, any> => Object.fromEntries(items.map((i) => [i.key, i]));

export interface TypeShare {
  resultType: string;
  visibilityScore: number;
  share: number;
}

export const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** One field of every point of an item's series. */
export function field(item: Item | undefined, name: string): number[] {
  return (item as unknown as { series: Record<string, number>[] }).series.map((p) => p[name]!);
}

/** Element-wise toBeCloseTo. */
export function expectClose(got: number[], want: number[]) {
  expect(got).toHaveLength(want.length);
  got.forEach((v, i) => expect(v, `index ${i}`).toBeCloseTo(want[i]!, 9));
}
