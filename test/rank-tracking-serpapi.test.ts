// Issue 29: importing the real SerpApi coffee responses (../shared/data/serp-api) gives each URL both
// positions — the absolute rank on the page as laid out (formats/serpapi.ts) and the classic organic rank,
// which must equal the provider's own organic `position` — read back through RankStore.rankTracking.hits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseHostFilter, parseUrlParts } from '@core/host-match';
import { normaliseKeyword } from '@core/keyword';
import { SHARED, importPaths, tempRankStore, type TempRank } from './import-fixtures';

interface Organic {
  position: number;
  link: string;
}
interface Response {
  search_parameters: { q: string };
  organic_results: Organic[];
}

let tmp: TempRank;
beforeEach(async () => {
  tmp = await tempRankStore();
});
afterEach(async () => tmp.close());

it('gives every organic URL of the coffee responses an absolute and a classic position, classic = SerpApi’s', async () => {
  const path = join(SHARED, 'serp-api', 'google_light_7_coffee_keywords.json');
  const responses = JSON.parse(readFileSync(path, 'utf8')) as Response[];
  const out = await importPaths(tmp.rank, [path], { market: 'us-en', campaign: { id: 1, market: 'us-en' } });
  expect(out.error).toBeNull();
  const domains = [
    ...new Set(responses.flatMap((r) => r.organic_results.map((o) => parseUrlParts(o.link)!.domain))),
  ];
  const targets = domains.map((d) => ({ key: d, filter: parseHostFilter(d)! }));
  const hits = await tmp.rank.rankTracking.hits({
    campaignId: 1,
    market: 'us-en',
    targets,
    from: '2025-01-01',
    to: '2025-12-31',
    keywordIds: null,
  });
  const ids = new Map((await tmp.rank.readKeywords('us-en')).map((k) => [k.text, k.id]));
  let checked = 0;
  let shifted = 0;
  for (const r of responses) {
    const keywordId = ids.get(normaliseKeyword(r.search_parameters.q))!;
    for (const o of r.organic_results) {
      const hit = hits.find(
        (h) => h.keywordId === keywordId && h.url === o.link && h.resultType === 'organic',
      );
      expect(hit, `${r.search_parameters.q} ${o.link}`).toBeDefined();
      expect(hit!.classic).toBe(o.position);
      expect(hit!.position).toBeGreaterThanOrEqual(o.position);
      if (hit!.position > o.position) shifted++;
      checked++;
    }
  }
  expect(checked).toBe(68);
  // Every page but matcha's opens with a block at absolute rank 1: cortado's and latte's answer box (stored as
  // a featured snippet), the others' people-also-ask box, laid out there but not stored (its items have no
  // links) — the classic position still equals SerpApi's, since it counts the organic results above only.
  expect(shifted).toBe(58);
});
