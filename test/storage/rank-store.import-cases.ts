// Conformance cases for staged imports (RankImport), run by rankStoreSuite on every adapter: all or nothing
// (abort, a commit that fails), idempotent re-imports, snapshots replaced whole and a later file winning a
// shared snapshot, rank-tracker merges with checked-and-empty snapshots, campaign membership, volumes kept
// when not given, and Search Console rows replaced by key.
import { expect, it } from 'vitest';
import type {
  RankImport,
  RankStore,
  SearchConsoleRowInput,
  StagedKeyword,
  StagedUrl,
} from '@storage/rank-store';
import { RankInputError } from '@storage/rank/input';

const DAY = 20_458; // 2026-01-05 as days since 1970-01-01
const DATE = '2026-01-05';

const kw = (localId: number, text: string, sv: number | null = null, market = 'gb-en'): StagedKeyword => ({
  localId,
  market,
  text,
  sv,
  tags: [],
  groups: [],
});

const url = (localId: number, host: string, path = '/', title: string | null = null): StagedUrl => ({
  localId,
  url: `https://${host}${path}`,
  host,
  domain: host.split('.').slice(-2).join('.'),
  path,
  title,
});

/** SERP rows as [keyword, position, url, part?] tuples on DAY. */
async function serp(imp: RankImport, rows: [number, number, number, number?][]): Promise<void> {
  await imp.addSerpRows({
    count: rows.length,
    keyword: Int32Array.from(rows.map((r) => r[0])),
    day: Int32Array.from(rows.map(() => DAY)),
    position: Uint8Array.from(rows.map((r) => r[1])),
    resultType: Uint8Array.from(rows.map(() => 0)),
    url: Int32Array.from(rows.map((r) => r[2])),
    part: Uint16Array.from(rows.map((r) => r[3] ?? 0)),
  });
}

const commit = (
  imp: RankImport,
  keywords: StagedKeyword[],
  extra: Partial<Parameters<RankImport['commit']>[0]> = {},
) => imp.commit({ keywords, campaign: null, searchConsole: null, ...extra });

async function snapshot(store: RankStore, text: string) {
  const id = (await store.readKeywords('gb-en')).find((k) => k.text === text)!.id;
  return (await store.readSnapshot('gb-en', DATE, [id])).map((r) => [r.position, r.host, r.title]);
}

const GSC: SearchConsoleRowInput = {
  source: 'export',
  dimensions: 'query',
  date: null,
  query: 'roof tiles',
  page: null,
  country: null,
  device: null,
  searchAppearance: null,
  clicks: 3,
  impressions: 40,
  ctr: 0.075,
  position: 4.5,
};

export function importCases(store: () => RankStore): void {
  it('stages invisibly and publishes on commit; a re-import changes nothing', async () => {
    const run = async () => {
      const before = await store().counts();
      const imp = await store().beginImport();
      await imp.addUrls([url(0, 'a.example', '/x', 'A'), url(1, 'b.example')]);
      await serp(imp, [
        [0, 1, 0],
        [0, 2, 1],
        [1, 1, 1],
      ]);
      expect(await store().counts()).toEqual(before);
      return commit(imp, [kw(0, 'roof tiles', 1200), kw(1, 'ridge tiles')]);
    };
    const first = await run();
    expect(first).toMatchObject({ keywords: 2, serpResults: 3, snapshots: 2 });
    const counts = await store().counts();
    expect(counts).toMatchObject({ keywords: 2, serpResults: 3, snapshotDates: 1, hosts: 2 });
    expect(await snapshot(store(), 'roof tiles')).toEqual([
      [1, 'a.example', 'A'],
      [2, 'b.example', null],
    ]);
    const keywords = await store().readKeywords('gb-en');
    await run();
    expect(await store().counts()).toEqual(counts);
    expect(await store().readKeywords('gb-en')).toEqual(keywords);
  });

  it('leaves nothing behind when aborted, or when the commit fails half way', async () => {
    const a = await store().beginImport();
    await a.addUrls([url(0, 'a.example')]);
    await serp(a, [[0, 1, 0]]);
    await a.abort();
    const b = await store().beginImport();
    await b.addUrls([url(0, 'a.example')]);
    await serp(b, [[0, 1, 5]]);
    await expect(commit(b, [kw(0, 'roof tiles', 10)])).rejects.toThrow(RankInputError);
    expect(await store().counts()).toMatchObject({ keywords: 0, serpResults: 0 });
    expect(await store().readKeywords('gb-en')).toEqual([]);
  });

  it('replaces snapshots whole, keeps volumes not given, and lets a later file win a snapshot', async () => {
    const one = await store().beginImport();
    await one.addUrls([url(0, 'a.example'), url(1, 'b.example'), url(2, 'c.example')]);
    await serp(one, [
      [0, 1, 0],
      [0, 2, 1],
      [1, 1, 2],
    ]);
    await commit(one, [kw(0, 'roof tiles', 1200), kw(1, 'ridge tiles', 5)]);
    const two = await store().beginImport();
    await two.addUrls([url(0, 'c.example'), url(1, 'd.example')]);
    await serp(two, [
      [0, 1, 0, 0],
      [0, 1, 1, 1],
    ]);
    await commit(two, [kw(0, 'roof tiles', null)]);
    expect(await snapshot(store(), 'roof tiles')).toEqual([[1, 'd.example', null]]);
    expect(await snapshot(store(), 'ridge tiles')).toEqual([[1, 'c.example', null]]);
    const sv = Object.fromEntries((await store().readKeywords('gb-en')).map((k) => [k.text, k.sv]));
    expect(sv).toEqual({ 'roof tiles': 1200, 'ridge tiles': 5 });
    expect((await store().counts()).serpResults).toBe(2);
  });

  it('merges rank observations: only the tracked host changes; empty snapshots are recorded', async () => {
    const full = await store().beginImport();
    await full.addUrls([url(0, 'a.example'), url(1, 'b.example'), url(2, 'c.example')]);
    await serp(full, [
      [0, 1, 0],
      [0, 2, 1],
      [0, 3, 2],
    ]);
    await commit(full, [kw(0, 'roof tiles')]);
    const ranks = async () => {
      const imp = await store().beginImport();
      await imp.addUrls([url(0, 'b.example', '/new')]);
      await imp.addRankRows([
        { keyword: 0, date: DATE, position: 3, url: 0, host: 'b.example' },
        { keyword: 1, date: DATE, position: null, url: null, host: 'b.example' },
      ]);
      return commit(imp, [kw(0, 'roof tiles'), kw(1, 'slate tiles')]);
    };
    expect(await ranks()).toMatchObject({ rankObservations: 2, serpResults: 1, snapshots: 2 });
    expect(await snapshot(store(), 'roof tiles')).toEqual([
      [1, 'a.example', null],
      [3, 'b.example', null],
    ]);
    const slate = (await store().readKeywords('gb-en')).find((k) => k.text === 'slate tiles')!.id;
    expect(await store().readEmptySnapshots('gb-en')).toEqual([{ date: DATE, keywordId: slate }]);
    const counts = await store().counts();
    await ranks();
    expect(await store().counts()).toEqual(counts);
    expect(await store().readEmptySnapshots('gb-en')).toHaveLength(1);
  });

  it('adds the keywords of the campaign’s market to it, merging labels, idempotently', async () => {
    const run = async (tags: string[]) => {
      const imp = await store().beginImport();
      return commit(
        imp,
        [
          { ...kw(0, 'roof tiles'), tags },
          { ...kw(1, 'ridge tiles'), groups: ['Ridge'] },
          kw(2, 'roof tiles', null, 'us-en'),
        ],
        { campaign: { id: 7, market: 'gb-en' } },
      );
    };
    expect((await run(['roof'])).campaignKeywords).toBe(2);
    await run(['clay']);
    const members = await store().readCampaignKeywords(7);
    expect(members.map((m) => [m.tags, m.groups])).toEqual([
      [['clay', 'roof'], []],
      [[], ['Ridge']],
    ]);
    await run(['clay']);
    expect(await store().readCampaignKeywords(7)).toEqual(members);
  });

  it('stores Search Console rows by property and replaces them by key', async () => {
    const put = async (rows: SearchConsoleRowInput[], period = '2024-05-01 - 2024-10-31') => {
      const imp = await store().beginImport();
      await imp.addSearchConsoleRows(rows);
      return commit(imp, [], { searchConsole: { property: 'www.example.com', searchType: 'web', period } });
    };
    expect(
      (await put([GSC, { ...GSC, query: 'ridge', clicks: 1 }, { ...GSC, clicks: 5 }])).searchConsoleRows,
    ).toBe(2);
    await put([{ ...GSC, clicks: 9 }]);
    const rows = await store().readSearchConsoleRows('www.example.com');
    expect(rows.map((r) => [r.query, r.clicks, r.period])).toEqual([
      ['ridge', 1, '2024-05-01 - 2024-10-31'],
      ['roof tiles', 9, '2024-05-01 - 2024-10-31'],
    ]);
    await put([GSC], 'Last 3 months');
    expect(await store().readSearchConsoleRows('www.example.com')).toHaveLength(3);
    expect(await store().readSearchConsoleRows('other.example')).toEqual([]);
  });
}
