// Conformance cases for RankStore.readOrganicTop (keyword clustering, DESIGN §3): the first N organic
// results (organic and brand) of each keyword at exactly one snapshot date, best position first, on every
// engine. Engine-neutral: they read the port only.
import { expect, it } from 'vitest';
import type { ResultType } from '@core/result-types';
import type { RankStore, SerpResultInput } from '@storage/rank-store';

const D1 = '2026-03-02';
const D2 = '2026-03-09';

function rows(keywordId: number, date: string, results: [ResultType, string][]): SerpResultInput[] {
  return results.map(([resultType, url], i) => ({
    market: 'gb-en',
    keywordId,
    date,
    position: i + 1,
    resultType,
    url,
  }));
}

export function organicCases(get: () => RankStore): void {
  it('reads the first organic results per keyword, brand counted, other types skipped', async () => {
    const store = get();
    const ids = await store.upsertKeywords('gb-en', [
      { text: 'flights', sv: 100 },
      { text: 'hotels', sv: null },
      { text: 'cars', sv: 5 },
    ]);
    const [k, j, c] = ['flights', 'hotels', 'cars'].map((t) => ids.get(t)!);
    const deep = Array.from({ length: 12 }, (_, i): [ResultType, string] => [
      'organic',
      `https://c.test/${i}`,
    ]);
    await store.insertSerpResults([
      ...rows(k!, D1, [
        ['featured_snippet', 'https://x.test/snippet'],
        ['organic', "https://a.test/it's"],
        ['brand', 'https://b.test/'],
        ['people_also_ask', 'https://x.test/paa'],
        ...deep,
      ]),
      ...rows(j!, D1, [['organic', 'https://h.test/"q"\\']]),
      ...rows(c!, D1, [['video', 'https://v.test/only-video']]),
      ...rows(k!, D2, [['organic', 'https://later.test/']]),
    ]);
    const top = await store.readOrganicTop('gb-en', D1, 10);
    expect(top).toEqual([
      {
        keywordId: k,
        urls: ["https://a.test/it's", 'https://b.test/', ...deep.slice(0, 8).map(([, u]) => u)],
      },
      { keywordId: j, urls: ['https://h.test/"q"\\'] },
    ]);
    expect(await store.readOrganicTop('gb-en', D1, 2)).toEqual([
      { keywordId: k, urls: ["https://a.test/it's", 'https://b.test/'] },
      { keywordId: j, urls: ['https://h.test/"q"\\'] },
    ]);
    expect(await store.readOrganicTop('gb-en', D2, 10)).toEqual([
      { keywordId: k, urls: ['https://later.test/'] },
    ]);
    expect(await store.readOrganicTop('gb-en', '2026-03-05', 10)).toEqual([]);
    expect(await store.readOrganicTop('us-en', D1, 10)).toEqual([]);
  });

  it('refuses a depth outside 1–100 and a malformed date or market', async () => {
    const store = get();
    await expect(store.readOrganicTop('gb-en', D1, 0)).rejects.toThrow(/depth/);
    await expect(store.readOrganicTop('gb-en', D1, 101)).rejects.toThrow(/depth/);
    await expect(store.readOrganicTop('gb-en', '2026-02-30', 10)).rejects.toThrow(/date/);
    await expect(store.readOrganicTop("gb-en' OR 1=1", D1, 10)).rejects.toThrow(/market/);
  });
}
