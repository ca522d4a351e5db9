// Conformance suite of the RankStore port: every adapter (DuckDB, ClickHouse) must pass it. `open` returns
// a fresh, empty, migrated store; the suite closes it after each test.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ctr } from '@core/ctr';
import { normaliseKeyword } from '@core/keyword';
import { matchesHostFilter, parseHostFilter, parseUrlParts } from '@core/host-match';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import { organicCases } from './rank-store.organic-cases';
import { derivedCases } from './rank-store.derived-cases';
import { importCases } from './rank-store.import-cases';
import { marketShareCases } from './rank-store.market-share-cases';
import { rankTableCases } from './rank-store.rank-table-cases';
import { rankTrackingCases } from './rank-store.rank-tracking-cases';
import { searchConsoleCases } from './rank-store.search-console-cases';

const HOSTILE = [
  'it\'s a "quoted" keyword',
  "'; DROP TABLE keywords; --",
  'back\\slash \\n not a newline',
  'ünïcödé straße ß',
  '日本語 キーワード',
  'emoji 🚀 rocket',
  'مرحبا بالعالم',
  '%_ like wildcards %',
  '$1 ? :name @param',
];

function serp(
  keywordId: number,
  date: string,
  urls: string[],
  extra: Partial<SerpResultInput> = {},
): SerpResultInput[] {
  return urls.map((url, i) => ({
    market: 'gb-en',
    keywordId,
    date,
    position: i + 1,
    resultType: 'organic',
    url,
    ...extra,
  }));
}

export function rankStoreSuite(name: string, open: () => Promise<RankStore>): void {
  describe(`RankStore conformance: ${name}`, () => {
    let store: RankStore;

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      await store.close();
    });

    describe('staged imports', () => importCases(() => store));
    describe('derived data', () => derivedCases(() => store));
    describe('organic top results', () => organicCases(() => store));
    describe('market share', () => marketShareCases(() => store));
    describe('rank tracking', () => rankTrackingCases(() => store));
    describe('rank table page', () => rankTableCases(() => store));
    describe('search console', () => searchConsoleCases(() => store));

    async function keywords(market: string, texts: string[], sv: (number | null)[] = []): Promise<number[]> {
      const ids = await store.upsertKeywords(
        market,
        texts.map((text, i) => ({ text, sv: sv[i] ?? null })),
      );
      return texts.map((t) => ids.get(t)!);
    }

    it('migrates idempotently and starts empty', async () => {
      await store.migrate();
      await store.migrate();
      expect(await store.counts()).toEqual({ keywords: 0, serpResults: 0, snapshotDates: 0, hosts: 0 });
      expect(await store.marketSummary('gb-en')).toEqual({
        market: 'gb-en',
        keywords: 0,
        keywordsWithVolume: 0,
        totalSearchVolume: 0,
        snapshotDates: [],
        serpResults: 0,
        hosts: 0,
      });
    });

    it('upserts keywords idempotently, normalising text and keeping ids', async () => {
      const first = await store.upsertKeywords('gb-en', [
        { text: 'Cheap  Flights ', sv: 1000 },
        { text: 'hotels in paris', sv: 500 },
      ]);
      expect([...first.keys()]).toEqual(['Cheap  Flights ', 'hotels in paris']);
      const again = await store.upsertKeywords('gb-en', [
        { text: 'cheap flights', sv: 1300 },
        { text: 'HOTELS IN PARIS', sv: 500 },
        { text: 'new keyword', sv: null },
      ]);
      expect(again.get('cheap flights')).toBe(first.get('Cheap  Flights '));
      expect(again.get('HOTELS IN PARIS')).toBe(first.get('hotels in paris'));
      const rows = await store.readKeywords('gb-en');
      expect(rows.map((r) => [r.text, r.sv])).toEqual([
        ['cheap flights', 1300],
        ['hotels in paris', 500],
        ['new keyword', null],
      ]);
      expect(new Set(rows.map((r) => r.id)).size).toBe(3);
      const other = await store.upsertKeywords('us-en', [{ text: 'cheap flights', sv: 9 }]);
      expect(other.get('cheap flights')).not.toBe(first.get('Cheap  Flights '));
      expect((await store.counts()).keywords).toBe(4);
    });

    it('keeps the last volume of a text repeated in one batch', async () => {
      const ids = await store.upsertKeywords('gb-en', [
        { text: 'a b', sv: 1 },
        { text: 'A  B', sv: 2 },
      ]);
      expect(ids.get('a b')).toBe(ids.get('A  B'));
      expect((await store.readKeywords('gb-en')).map((r) => r.sv)).toEqual([2]);
    });

    it('tells unknown volume (null) from zero', async () => {
      await keywords('gb-en', ['zero', 'unknown', 'some'], [0, null, 70]);
      const s = await store.marketSummary('gb-en');
      expect(s.keywords).toBe(3);
      expect(s.keywordsWithVolume).toBe(2);
      expect(s.totalSearchVolume).toBe(70);
      await keywords('gb-en', ['unknown'], [null]);
      await keywords('gb-en', ['zero'], [null]);
      expect((await store.marketSummary('gb-en')).keywordsWithVolume).toBe(1);
    });

    it('refuses bad keyword input without writing', async () => {
      await expect(
        store.upsertKeywords('gb-en', [
          { text: 'ok', sv: 1 },
          { text: '   ', sv: 1 },
        ]),
      ).rejects.toThrow(/row 1/);
      await expect(store.upsertKeywords('gb-en', [{ text: 'ok', sv: -5 }])).rejects.toThrow(/volume/);
      await expect(store.upsertKeywords('gb-en', [{ text: 'ok', sv: 1.5 }])).rejects.toThrow(/volume/);
      await expect(store.upsertKeywords('United Kingdom', [{ text: 'ok', sv: 1 }])).rejects.toThrow(/market/);
      expect((await store.counts()).keywords).toBe(0);
    });

    it('replaces campaign membership with tags and groups', async () => {
      const [a, b, c] = await keywords('gb-en', ['a', 'b', 'c'], [10, 20, 30]);
      await store.setCampaignKeywords(7, 'gb-en', [
        { keywordId: a!, tags: ['brand', 'travel'], groups: ['Flights'] },
        { keywordId: b!, tags: ['travel'], groups: ['Hotels'] },
        { keywordId: b!, tags: ['price'], groups: [] },
      ]);
      expect(await store.campaignKeywordSummary(7)).toEqual({
        campaignId: 7,
        keywords: 2,
        tags: [
          { tag: 'brand', keywords: 1 },
          { tag: 'price', keywords: 1 },
          { tag: 'travel', keywords: 2 },
        ],
        groups: [
          { group: 'Flights', keywords: 1 },
          { group: 'Hotels', keywords: 1 },
        ],
      });
      expect(await store.readCampaignKeywords(7)).toEqual([
        { keywordId: a, tags: ['brand', 'travel'], groups: ['Flights'] },
        { keywordId: b, tags: ['price', 'travel'], groups: ['Hotels'] },
      ]);
      await store.setCampaignKeywords(7, 'gb-en', [{ keywordId: c!, tags: [], groups: ['Other'] }]);
      expect(await store.readCampaignKeywords(7)).toEqual([{ keywordId: c, tags: [], groups: ['Other'] }]);
      expect((await store.campaignKeywordSummary(7)).tags).toEqual([]);
      expect((await store.campaignKeywordSummary(8)).keywords).toBe(0);
    });

    it('refuses membership of unknown keywords or another market, keeping the old membership', async () => {
      const [a] = await keywords('gb-en', ['a']);
      const [u] = await keywords('us-en', ['u']);
      await store.setCampaignKeywords(1, 'gb-en', [{ keywordId: a!, tags: ['t'], groups: [] }]);
      await expect(
        store.setCampaignKeywords(1, 'gb-en', [{ keywordId: 999_999, tags: [], groups: [] }]),
      ).rejects.toThrow(/999999/);
      await expect(
        store.setCampaignKeywords(1, 'gb-en', [{ keywordId: u!, tags: [], groups: [] }]),
      ).rejects.toThrow();
      await expect(
        store.setCampaignKeywords(1, 'gb-en', [{ keywordId: a!, tags: [' '], groups: [] }]),
      ).rejects.toThrow();
      expect(await store.readCampaignKeywords(1)).toEqual([{ keywordId: a, tags: ['t'], groups: [] }]);
    });

    it('stores SERP results with hosts and registrable domains', async () => {
      const [k] = await keywords('gb-en', ['flights'], [1000]);
      const n = await store.insertSerpResults([
        ...serp(k!, '2025-01-06', ['https://www.example.co.uk/a', 'https://blog.example.co.uk/b?x=1']),
        {
          market: 'gb-en',
          keywordId: k!,
          date: '2025-01-06',
          position: 3,
          resultType: 'video',
          url: 'https://v.test/w',
          title: 'A video',
        },
      ]);
      expect(n).toBe(3);
      const rows = await store.readSnapshot('gb-en', '2025-01-06');
      expect(rows).toEqual([
        {
          keywordId: k,
          position: 1,
          resultType: 'organic',
          url: 'https://www.example.co.uk/a',
          host: 'www.example.co.uk',
          domain: 'example.co.uk',
          title: null,
        },
        {
          keywordId: k,
          position: 2,
          resultType: 'organic',
          url: 'https://blog.example.co.uk/b?x=1',
          host: 'blog.example.co.uk',
          domain: 'example.co.uk',
          title: null,
        },
        {
          keywordId: k,
          position: 3,
          resultType: 'video',
          url: 'https://v.test/w',
          host: 'v.test',
          domain: 'v.test',
          title: 'A video',
        },
      ]);
      expect(await store.counts()).toEqual({ keywords: 1, serpResults: 3, snapshotDates: 1, hosts: 3 });
    });

    it('inserts all or nothing: one bad row refuses the batch', async () => {
      const [k] = await keywords('gb-en', ['flights'], [1000]);
      await store.insertSerpResults(serp(k!, '2025-01-06', ['https://a.com/']));
      const good = serp(k!, '2025-01-13', ['https://b.com/', 'https://c.com/']);
      const bad: [string, SerpResultInput][] = [
        ['position', { ...good[0]!, position: 101 }],
        ['position', { ...good[0]!, position: 0 }],
        ['URL', { ...good[0]!, url: 'not a url' }],
        ['result type', { ...good[0]!, resultType: 'banner' as SerpResultInput['resultType'] }],
        ['date', { ...good[0]!, date: '2025-02-30' }],
        ['not a keyword', { ...good[0]!, keywordId: 424_242 }],
        ['not a keyword', { ...good[0]!, market: 'us-en' }],
        ['twice', { ...good[1]!, position: 1 }],
      ];
      for (const [reason, row] of bad) {
        await expect(
          store.insertSerpResults([good[0]!, good[1]!, row].slice(row === good[0] ? 1 : 0)),
          reason,
        ).rejects.toThrow(new RegExp(reason, 'i'));
      }
      expect((await store.counts()).serpResults).toBe(1);
      expect(await store.readSnapshot('gb-en', '2025-01-13')).toEqual([]);
      expect((await store.marketSummary('gb-en')).snapshotDates).toEqual(['2025-01-06']);
    });

    it('replaces whole snapshots and leaves other snapshots alone', async () => {
      const [k, j] = await keywords('gb-en', ['k', 'j'], [10, 10]);
      await store.insertSerpResults([
        ...serp(k!, '2025-01-06', ['https://a.com/1', 'https://b.com/1', 'https://c.com/1']),
        ...serp(j!, '2025-01-06', ['https://a.com/2']),
        ...serp(k!, '2025-01-13', ['https://a.com/1']),
      ]);
      await store.insertSerpResults(serp(k!, '2025-01-06', ['https://d.com/1']));
      expect((await store.readSnapshot('gb-en', '2025-01-06', [k!])).map((r) => r.url)).toEqual([
        'https://d.com/1',
      ]);
      expect((await store.readSnapshot('gb-en', '2025-01-06', [j!])).map((r) => r.url)).toEqual([
        'https://a.com/2',
      ]);
      expect((await store.readSnapshot('gb-en', '2025-01-13')).map((r) => r.url)).toEqual([
        'https://a.com/1',
      ]);
      expect((await store.marketSummary('gb-en')).serpResults).toBe(3);
      expect(await store.readSnapshot('gb-en', '2025-01-06', [])).toEqual([]);
    });

    it('summarises markets', async () => {
      const [k, j] = await keywords('gb-en', ['k', 'j'], [10, null]);
      await store.insertSerpResults([
        ...serp(k!, '2025-01-13', ['https://a.com/1', 'https://www.a.com/2']),
        ...serp(j!, '2025-01-06', ['https://a.com/1']),
      ]);
      expect(await store.marketSummary('gb-en')).toEqual({
        market: 'gb-en',
        keywords: 2,
        keywordsWithVolume: 1,
        totalSearchVolume: 10,
        snapshotDates: ['2025-01-06', '2025-01-13'],
        serpResults: 3,
        hosts: 2,
      });
      expect((await store.marketSummary('us-en')).keywords).toBe(0);
    });

    it("keeps another organisation's market (rank key gb-en~o7) apart from the operator's gb-en", async () => {
      const [mine] = await keywords('gb-en', ['travel insurance'], [5000]);
      const [theirs] = await keywords('gb-en~o7', ['travel insurance'], [100]);
      expect(theirs).not.toBe(mine);
      await store.insertSerpResults(
        serp(mine!, '2025-01-06', ['https://covered.test/', 'https://safe.test/']),
      );
      await store.insertSerpResults(
        serp(theirs!, '2025-01-06', ['https://intruder.test/']).map((r) => ({ ...r, market: 'gb-en~o7' })),
      );
      expect((await store.readSnapshot('gb-en', '2025-01-06')).map((r) => r.host)).toEqual([
        'covered.test',
        'safe.test',
      ]);
      expect((await store.readSnapshot('gb-en~o7', '2025-01-06')).map((r) => r.host)).toEqual([
        'intruder.test',
      ]);
      expect((await store.readKeywords('gb-en')).map((k) => k.sv)).toEqual([5000]);
      expect(await store.marketSummary('gb-en~o7')).toMatchObject({ keywords: 1, serpResults: 1, hosts: 1 });
      expect(await store.visibilityExplorer.autocomplete('gb-en', 'intruder', 10)).toEqual([]);
      for (const bad of ['gb-en~o0', 'gb-en~7', 'gb-en~o7~o8']) {
        await expect(store.upsertKeywords(bad, [{ text: 'x', sv: null }])).rejects.toThrow(/invalid market/u);
      }
    });

    it('round-trips hostile strings', async () => {
      const ids = await keywords(
        'gb-en',
        HOSTILE,
        HOSTILE.map((_, i) => i),
      );
      const back = await store.readKeywords('gb-en', ids);
      expect(back.map((r) => r.text).sort()).toEqual(HOSTILE.map(normaliseKeyword).sort());
      await store.setCampaignKeywords(3, 'gb-en', [
        { keywordId: ids[0]!, tags: HOSTILE, groups: HOSTILE.slice(2) },
      ]);
      const [m] = await store.readCampaignKeywords(3);
      expect(m!.tags).toEqual([...HOSTILE].sort());
      expect(m!.groups).toEqual(HOSTILE.slice(2).sort());
      const urls = [
        "https://o'brien.example.com/it's?q='x'&y=\"z\"",
        'https://例え.jp/パス?q=日本',
        'https://example.com/%27%3B%20DROP%20TABLE%20urls',
      ];
      await store.insertSerpResults(
        urls.map((url, i) => ({
          market: 'gb-en',
          keywordId: ids[1]!,
          date: '2025-01-06',
          position: i + 1,
          resultType: 'organic',
          url,
          title: HOSTILE[i]!,
        })),
      );
      const rows = await store.readSnapshot('gb-en', '2025-01-06', [ids[1]!]);
      expect(rows.map((r) => r.url)).toEqual(urls);
      expect(rows.map((r) => r.title)).toEqual(HOSTILE.slice(0, 3));
    });

    it('gives read-back rows the numbers of the core reference functions', async () => {
      const [k, j] = await keywords('gb-en', ['k', 'j'], [1000, 200]);
      await store.insertSerpResults([
        ...serp(k!, '2025-01-06', ['https://www.x.com/a', 'https://y.com/', 'https://blog.x.com/b']),
        ...serp(j!, '2025-01-06', ['https://y.com/', 'https://www.x.com/blog/post']),
      ]);
      const sv = new Map((await store.readKeywords('gb-en')).map((r) => [r.id, r.sv ?? 0]));
      const rows = await store.readSnapshot('gb-en', '2025-01-06');
      const score = (value: string) => {
        const f = parseHostFilter(value)!;
        return rows
          .filter((r) => matchesHostFilter(f, parseUrlParts(r.url)!))
          .reduce((sum, r) => sum + sv.get(r.keywordId)! * ctr(r.position), 0);
      };
      expect(score('x.com')).toBeCloseTo(1000 * (ctr(1) + ctr(3)) + 200 * ctr(2), 9);
      expect(score('www.x.com')).toBeCloseTo(1000 * ctr(1) + 200 * ctr(2), 9);
      expect(score('www.x.com/blog')).toBeCloseTo(200 * ctr(2), 9);
      expect(rows.every((r) => parseUrlParts(r.url)!.host === r.host)).toBe(true);
    });

    it('ranks every host of a market by VS at one date (whole-market league)', async () => {
      const [k, j, u, t1, t2] = await keywords(
        'gb-en',
        ['k', 'j', 'u', 't1', 't2'],
        [1000, 200, null, 500, 500],
      );
      const [other] = await keywords('us-en', ['k'], [9000]);
      await store.insertSerpResults([
        ...serp(k!, '2025-01-06', ['https://www.x.com/a', 'https://y.com/', 'https://blog.x.com/b']),
        ...serp(j!, '2025-01-06', ['https://y.com/', 'https://www.x.com/blog/post']),
        ...serp(u!, '2025-01-06', ['https://z.org/']),
        ...serp(t1!, '2025-01-06', ['https://b.test/']),
        ...serp(t2!, '2025-01-06', ['https://a.test/']),
        ...serp(k!, '2025-01-13', ['https://later.com/']),
        ...serp(other!, '2025-01-06', ['https://elsewhere.com/'], { market: 'us-en' }),
      ]);
      const expected = [
        { host: 'www.x.com', domain: 'x.com', keywords: 2, visibilityScore: 1000 * ctr(1) + 200 * ctr(2) },
        { host: 'y.com', domain: 'y.com', keywords: 2, visibilityScore: 1000 * ctr(2) + 200 * ctr(1) },
        { host: 'blog.x.com', domain: 'x.com', keywords: 1, visibilityScore: 1000 * ctr(3) },
        // a.test and b.test tie: the host name decides.
        { host: 'a.test', domain: 'a.test', keywords: 1, visibilityScore: 500 * ctr(1) },
        { host: 'b.test', domain: 'b.test', keywords: 1, visibilityScore: 500 * ctr(1) },
        { host: 'z.org', domain: 'z.org', keywords: 1, visibilityScore: 0 },
      ].sort((a, b) => b.visibilityScore - a.visibilityScore || a.host.localeCompare(b.host));
      const league = await store.campaignVisibility.marketLeague('gb-en', '2025-01-06', 5);
      expect(league.total).toBe(6);
      expect(league.rows.map((r) => r.host)).toEqual(expected.slice(0, 5).map((r) => r.host));
      league.rows.forEach((r, i) => {
        expect(r).toMatchObject({ domain: expected[i]!.domain, keywords: expected[i]!.keywords });
        expect(r.visibilityScore).toBeCloseTo(expected[i]!.visibilityScore, 9);
      });
      expect(await store.campaignVisibility.marketLeague('gb-en', '2025-01-20', 5)).toEqual({
        total: 0,
        rows: [],
      });
      expect(await store.campaignVisibility.marketLeague('de-de', '2025-01-06', 5)).toEqual({
        total: 0,
        rows: [],
      });
      await expect(store.campaignVisibility.marketLeague('gb-en', '2025-01-06', 0)).rejects.toThrow(/limit/);
    });
  });
}
