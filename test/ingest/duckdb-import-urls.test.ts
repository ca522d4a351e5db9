// URLs through a DuckDB import commit: hosts are staged once per host, stored URLs keep their ids and get a
// newer title, new URLs on stored and new hosts get the next ids in the order the import first gave them,
// and a title given by a later staged row of the same URL wins.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RankImport, StagedKeyword, StagedUrl } from '@storage/rank-store';
import { tempRankStore, type TempRank } from '../import-fixtures';

const DATE = '2026-01-05';
const DAY = Math.round(Date.parse(`${DATE}T00:00:00Z`) / 86_400_000);

let t: TempRank;
beforeEach(async () => {
  t = await tempRankStore();
});
afterEach(async () => t.close());

const kw = (localId: number, text: string): StagedKeyword => ({
  localId,
  market: 'gb-en',
  text,
  sv: null,
  tags: [],
  groups: [],
});

const url = (localId: number, host: string, path: string, title: string | null): StagedUrl => ({
  localId,
  url: `https://${host}${path}`,
  host,
  domain: host.split('.').slice(-2).join('.'),
  path,
  title,
});

/** One snapshot of keyword 0: the URL of each local id at positions 1, 2, 3 … */
async function serp(imp: RankImport, urls: number[]): Promise<void> {
  await imp.addSerpRows({
    count: urls.length,
    keyword: Int32Array.from(urls.map(() => 0)),
    day: Int32Array.from(urls.map(() => DAY)),
    position: Uint8Array.from(urls.map((_, i) => i + 1)),
    resultType: Uint8Array.from(urls.map(() => 0)),
    url: Int32Array.from(urls),
    part: Uint16Array.from(urls.map(() => 0)),
  });
}

async function snapshot() {
  const rows = await t.rank.readSnapshot('gb-en', DATE);
  return rows.map((r) => [r.position, r.url, r.host, r.domain, r.title]);
}

it('keeps stored URLs and their ids, retitles them, and adds new URLs on stored and new hosts', async () => {
  const one = await t.rank.beginImport();
  await one.addUrls([url(0, 'www.a.example', '/x', 'A'), url(1, 'b.example', '/', null)]);
  await serp(one, [0, 1]);
  await one.commit({ keywords: [kw(0, 'roof tiles')], campaign: null, searchConsole: null });
  expect(await snapshot()).toEqual([
    [1, 'https://www.a.example/x', 'www.a.example', 'a.example', 'A'],
    [2, 'https://b.example/', 'b.example', 'b.example', null],
  ]);

  const two = await t.rank.beginImport();
  // Local ids in a new order; the stored b.example URL gets its title from a later row of the same import.
  await two.addUrls([
    url(0, 'b.example', '/', null),
    url(1, 'www.a.example', '/y', null),
    url(2, 'www.a.example', '/x', 'A2'),
    url(3, 'c.example', '/z', 'C'),
  ]);
  await two.addUrls([url(0, 'b.example', '/', 'B')]);
  await serp(two, [2, 0, 1, 3]);
  await two.commit({ keywords: [kw(0, 'roof tiles')], campaign: null, searchConsole: null });
  expect(await snapshot()).toEqual([
    [1, 'https://www.a.example/x', 'www.a.example', 'a.example', 'A2'],
    [2, 'https://b.example/', 'b.example', 'b.example', 'B'],
    [3, 'https://www.a.example/y', 'www.a.example', 'a.example', null],
    [4, 'https://c.example/z', 'c.example', 'c.example', 'C'],
  ]);
  expect(await t.rank.counts()).toMatchObject({ serpResults: 4, hosts: 3 });

  // The same import again changes nothing.
  const three = await t.rank.beginImport();
  await three.addUrls([url(0, 'www.a.example', '/x', 'A2'), url(1, 'b.example', '/', 'B')]);
  await serp(three, [0, 1]);
  await three.commit({ keywords: [kw(0, 'roof tiles')], campaign: null, searchConsole: null });
  expect((await snapshot()).map((r) => r[4])).toEqual(['A2', 'B']);
});
