// The campaign-visibility reads of the ClickHouse RankStore against the DuckDB ones at the port: the same
// fixture written to both (two markets, so each lands on its own shard of the cluster), then every read with
// many scopes and targets must give the same numbers (clickhouse-same-numbers.ts). The fixture holds the
// cases the date rule and the host matching turn on: weekly full pages, a Wednesday snapshot, a rank-tracker
// snapshot with one result, a snapshot older than 6 days, unknown volumes, brand and other result types,
// hosts, subdomains and host+path filters (/a matches /a and /a/b, not /ab), domain groups overlapping their
// members, hostile strings in tags, groups, keywords, URLs and filters, and dates ClickHouse cannot store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import { RESULT_TYPES, type ResultType } from '@core/result-types';
import type {
  CampaignVisibilityReads,
  CvKeywordField,
  CvRankingQuery,
  CvScope,
  CvTarget,
  CvUrlField,
} from '@storage/campaign-visibility-reads';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import { inParallel } from '@storage/rank/clickhouse/client';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import { CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';
import { expectSameNumbers } from './clickhouse-same-numbers';

warnIfNoClickHouse('ClickHouse campaign-visibility reads');

const HOSTILE = `it's "q" \\ ; DROP TABLE x; -- 🚀 ünï`;
const DATES = ['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24'];
const HOSTS = [
  'www.acme.com',
  'shop.acme.com',
  'acme.com',
  'other.org',
  'www.rival.co.uk',
  'blog.rival.co.uk',
  'news.example',
  'x.test',
];
const PATHS = ['/', '/a', '/a/b', '/ab', `/${encodeURIComponent(HOSTILE)}`];

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const target = (key: string, ...values: string[]): CvTarget => ({
  key,
  filters: values.map((v) => parseHostFilter(v)!),
});

const TARGET_SETS: CvTarget[][] = [
  [target('acme', 'acme.com'), target('rival', 'rival.co.uk'), target('other', 'other.org')],
  [target('www', 'www.acme.com'), target('path', 'www.acme.com/a'), target('none', 'unknown.example')],
  [target('group', 'acme.com', 'www.acme.com', 'www.acme.com/a'), target('blog', 'blog.rival.co.uk')],
];

/** One campaign per market (a campaign has one market). */
const CAMPAIGN: Record<string, number> = { 'gb-en': 1, 'us-en': 2, 'de-de': 3 };

function scope(market: string, over: Partial<CvScope> = {}): CvScope {
  return {
    campaignId: CAMPAIGN[market]!,
    market,
    tags: [],
    tagsMatch: 'any',
    groups: [],
    keywords: [],
    resultTypes: [],
    ctr: DEFAULT_CTR,
    ...over,
  };
}

async function seed(store: RankStore): Promise<void> {
  const random = rng(20250303);
  for (const market of ['gb-en', 'us-en']) {
    const texts = Array.from({ length: 40 }, (_, i) =>
      i === 7 ? `kw ${HOSTILE}` : `${market} keyword ${i}`,
    );
    const ids = await store.upsertKeywords(
      market,
      texts.map((text, i) => ({ text, sv: i % 9 === 4 ? null : 10 + ((i * 37) % 500) })),
    );
    const byIndex = texts.map((t) => ids.get(t.toLowerCase()) ?? ids.get(t)!);
    // Keywords 0–34 are in the market's campaign; 35–39 are in the market only.
    await store.setCampaignKeywords(
      CAMPAIGN[market]!,
      market,
      byIndex.slice(0, 35).map((keywordId, i) => ({
        keywordId,
        tags: [i % 2 === 0 ? 'even' : 'odd', ...(i % 3 === 0 ? ['three', HOSTILE] : [])],
        groups: [i < 12 ? 'head' : i < 25 ? `mid ${HOSTILE}` : 'tail'],
      })),
    );
    const rows: SerpResultInput[] = [];
    const page = (keywordId: number, date: string, positions: number) => {
      for (let p = 1; p <= positions; p++) {
        const host = HOSTS[Math.floor(random() * HOSTS.length)]!;
        const path = PATHS[Math.floor(random() * PATHS.length)]!;
        const roll = random();
        const resultType: ResultType =
          roll < 0.6 ? 'organic' : RESULT_TYPES[Math.floor(random() * RESULT_TYPES.length)]!;
        rows.push({
          market,
          keywordId,
          date,
          position: p,
          resultType,
          url: `https://${host}${path}?k=${p % 3}`,
        });
      }
    };
    byIndex.forEach((id, i) => {
      for (const [d, date] of DATES.entries()) {
        if (i % 11 === 5 && d === 2) continue; // missing week: the 03-10 snapshot is 14 days old on 03-24
        page(id, date, 8 + (i % 5));
      }
      if (i % 4 === 1) page(id, '2025-03-19', 10); // Wednesday snapshots
      if (i % 6 === 2)
        rows.push({
          market,
          keywordId: id,
          date: '2025-03-21',
          position: 5,
          resultType: 'organic',
          url: 'https://www.acme.com/a/b',
        });
    });
    await store.insertSerpResults(rows);
  }
}

const KEYWORD_QUERIES: CvRankingQuery<CvKeywordField>[] = [
  {
    span: { start: '2025-03-01', end: '2025-03-24' },
    url: null,
    sort: { field: 'searchVolume', target: null, display: null, direction: 'desc' },
    filters: [],
    offset: 0,
    limit: 50,
  },
  {
    span: { start: '2025-03-04', end: '2025-03-21' },
    url: null,
    sort: { field: 'visibilityScoreDeltas', target: 1, display: 'percentageDelta', direction: 'asc' },
    filters: [],
    offset: 3,
    limit: 10,
  },
  {
    span: { start: '2025-03-01', end: '2025-03-24' },
    url: null,
    sort: { field: 'url', target: 0, display: null, direction: 'asc' },
    filters: [{ field: 'keyword', target: null, display: null, min: null, max: null, contains: 'KEYWORD 1' }],
    offset: 0,
    limit: null,
  },
  {
    span: { start: '2025-03-01', end: '2025-03-19' },
    url: parseHostFilter('www.acme.com/a'),
    sort: { field: 'position', target: 0, display: null, direction: 'asc' },
    filters: [{ field: 'visibilityScore', target: 0, display: null, min: 0.5, max: null, contains: null }],
    offset: 0,
    limit: 20,
  },
  {
    span: { start: '2025-03-01', end: '2025-03-24' },
    url: null,
    sort: { field: 'positionDeltas', target: 0, display: 'delta', direction: 'desc' },
    filters: [{ field: 'url', target: 1, display: null, min: null, max: null, contains: HOSTILE }],
    offset: 0,
    limit: 50,
  },
];

const URL_QUERIES: CvRankingQuery<CvUrlField>[] = [
  {
    span: { start: '2025-03-01', end: '2025-03-24' },
    url: null,
    sort: { field: 'visibilityScore', target: null, display: null, direction: 'desc' },
    filters: [],
    offset: 0,
    limit: 50,
  },
  {
    span: { start: '2025-03-11', end: '2025-03-24' },
    url: parseHostFilter('www.acme.com'),
    sort: { field: 'keywordsDeltas', target: null, display: 'percentageDelta', direction: 'desc' },
    filters: [{ field: 'bestPosition', target: null, display: null, min: 1, max: 6, contains: null }],
    offset: 1,
    limit: 5,
  },
  {
    span: { start: '2025-03-01', end: '2025-03-24' },
    url: null,
    sort: { field: 'url', target: null, display: null, direction: 'asc' },
    filters: [{ field: 'url', target: null, display: null, min: null, max: null, contains: '/A' }],
    offset: 0,
    limit: null,
  },
];

describe.skipIf(CLICKHOUSE_URL === '')(
  'campaign-visibility reads: ClickHouse gives the DuckDB numbers',
  () => {
    const databases = freshDatabases();
    const dir = mkdtempSync(join(tmpdir(), 'sightline-cv-ch-'));
    let duck: RankStore;
    let ch: RankStore;
    let a: CampaignVisibilityReads;
    let b: CampaignVisibilityReads;

    beforeAll(async () => {
      duck = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
      ch = await openClickHouseRankStore(databases.next());
      await Promise.all([duck.migrate(), ch.migrate()]);
      await Promise.all([seed(duck), seed(ch)]);
      a = duck.campaignVisibility;
      b = ch.campaignVisibility;
    }, 120_000);
    afterAll(async () => {
      await Promise.all([duck?.close(), ch?.close()]);
      rmSync(dir, { recursive: true, force: true });
    });

    /** Calls the same read on both engines and compares. */
    async function same<T>(what: string, call: (r: CampaignVisibilityReads) => Promise<T>): Promise<T> {
      const [x, y] = await Promise.all([call(a), call(b)]);
      expectSameNumbers(y, x, what);
      return x;
    }

    const SCOPES: [string, Partial<CvScope>][] = [
      ['all keywords', {}],
      ['tag', { tags: ['even'] }],
      ['two tags AND', { tags: ['odd', HOSTILE], tagsMatch: 'all' }],
      ['two tags OR', { tags: ['odd', 'three'], tagsMatch: 'any' }],
      ['keyword group', { groups: [`mid ${HOSTILE}`] }],
      ['keyword texts', { keywords: ['gb-en keyword 3', `kw ${HOSTILE}`.toLowerCase(), 'us-en keyword 9'] }],
      ['result types', { resultTypes: ['brand', 'video'] }],
      ['no keyword', { tags: ['missing'] }],
    ];

    // The markets are asked side by side (reads only; each market lives on its own shard of the cluster).
    it('summary reads: point dates, series, result types, labels, ranges, league, lost and gained', async () => {
      let nonEmpty = 0;
      await inParallel(
        ['gb-en', 'us-en', 'de-de'].map(async (market) => {
          for (const [name, over] of SCOPES) {
            const sc = scope(market, over);
            const tag = `${market} ${name}`;
            const dates = await same(`pointDates ${tag}`, (r) =>
              r.pointDates(sc, { start: '2025-03-01', end: '2025-03-31' }),
            );
            await same(`pointDates all time ${tag}`, (r) =>
              r.pointDates(sc, { start: '1900-01-01', end: '9999-12-31' }),
            );
            if (dates.length > 0) nonEmpty++;
            for (const targets of name === 'all keywords' ? TARGET_SETS : TARGET_SETS.slice(0, 1)) {
              const span = { start: '2025-03-04', end: '2025-03-24' };
              await same(`series ${tag}`, (r) => r.series(sc, targets, span, { market: true }));
              await same(`typeScores ${tag}`, (r) => r.typeScores(sc, targets, span));
              for (const date of ['2025-03-24', '2025-03-20', '2200-01-01']) {
                await same(`bestPositions ${tag} ${date}`, (r) => r.bestPositions(sc, targets, date));
                await same(`volumeBuckets ${tag} ${date}`, (r) =>
                  r.volumeBuckets(sc, targets, date, [50, 200, 400]),
                );
              }
              for (const kind of ['tags', 'groups'] as const) {
                await same(`labelScores ${kind} ${tag}`, (r) =>
                  r.labelScores(sc, targets, '2025-03-21', kind, { market: true }),
                );
              }
              for (const top of [0, 3]) {
                await same(`keywordChanges ${tag} ${top}`, (r) => r.keywordChanges(sc, targets, span, top));
              }
            }
            await same(`domainScores ${tag}`, (r) =>
              r.domainScores(sc, ['2025-03-03', '2025-03-20', '2025-03-24']),
            );
            for (const text of ['acme', 'RIVAL', HOSTILE, 'keyword 1']) {
              await same(`autocomplete ${tag} ${text}`, (r) => r.autocomplete(sc, '2025-03-24', text, 5));
            }
          }
        }),
      );
      expect(nonEmpty).toBe(14); // two markets × every scope with keywords
    }, 300_000);

    it('ranking tables and weekly data', async () => {
      await inParallel(
        ['gb-en', 'us-en'].map(async (market) => {
          for (const [name, over] of SCOPES) {
            const sc = scope(market, over);
            for (const targets of name === 'all keywords' ? TARGET_SETS : TARGET_SETS.slice(0, 1)) {
              for (const [i, q] of KEYWORD_QUERIES.entries()) {
                if ((q.sort.target ?? 0) >= targets.length) continue;
                const page = await same(`rankingKeywords ${market} ${name} #${i}`, (r) =>
                  r.rankingKeywords(sc, targets, q),
                );
                const ids = page.rows.map((row) => row.keywordId);
                await same(`weeklyPositions ${market} ${name} #${i}`, (r) =>
                  r.weeklyPositions(sc, targets, ids, q.span),
                );
              }
              for (const [i, q] of URL_QUERIES.entries()) {
                const page = await same(`rankingUrls ${market} ${name} #${i}`, (r) =>
                  r.rankingUrls(sc, targets[0]!, q),
                );
                const urls = [...page.rows.map((row) => row.url), 'https://not.stored/'];
                await same(`weeklyUrlScores ${market} ${name} #${i}`, (r) =>
                  r.weeklyUrlScores(sc, targets[0]!, urls, q.span),
                );
              }
            }
          }
        }),
      );
    }, 300_000);

    it('refuses a malformed scope before asking the server, as DuckDB does', () => {
      expect(() => b.pointDates(scope('GB'), { start: '2025-01-01', end: '2025-01-02' })).toThrow(/market/);
      expect(() =>
        b.pointDates(scope('gb-en', { ctr: [0.3] }), { start: '2025-01-01', end: '2025-01-02' }),
      ).toThrow(/CTR/);
    });

    it('a snapshot answers until a write starts, then refuses with 503 (ClickHouse keeps none across queries)', async () => {
      const span = { start: '2025-03-01', end: '2025-03-24' };
      const dates = await b.pointDates(scope('gb-en'), span);
      const snap = await b.snapshot();
      expect(await snap.reads.pointDates(scope('gb-en'), span)).toEqual(dates);
      await ch.upsertKeywords('fr-fr', [{ text: 'deux', sv: 1 }]);
      await expect(snap.reads.pointDates(scope('gb-en'), span)).rejects.toMatchObject({
        name: 'ChSnapshotError',
        statusCode: 503,
      });
      await snap.close();
      const next = await b.snapshot();
      expect(await next.reads.pointDates(scope('gb-en'), span)).toEqual(dates);
      await next.close();
    });
  },
);
