// Every real-world sample in ../shared/data imported through the whole pipeline into a real DuckDB file:
// the counts written, or — for a file that cannot be imported as given — a failed import that names the file
// and the reason and writes nothing. Each case starts from an empty store.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RankImportCounts } from '@storage/rank-store';
import { SHARED, importPaths, tempRankStore, type PathImport, type TempRank } from './import-fixtures';

interface Case {
  path: string;
  options?: PathImport;
  read: number;
  written: number;
  rejected: number;
  counts: Partial<RankImportCounts>;
  formats: string[];
}

const f = (...p: string[]) => join(SHARED, ...p);
const serp = (read: number, results: number, snapshots = read) => ({
  read,
  written: results,
  rejected: 0,
  counts: { keywords: snapshots, serpResults: results, snapshots },
});

const CASES: Case[] = [
  {
    path: f('serp-api', 'google_light_7_coffee_keywords.json'),
    options: { market: 'us-en' },
    ...serp(7, 70),
    formats: ['serpapi'],
  },
  { path: f('serp-api', 'google_light_fast_coffee.json'), ...serp(1, 10), formats: ['serpapi'] },
  {
    path: f('serp-api', 'google_matcha_vancouver_full_serp.json'),
    options: { market: 'ca-en' },
    ...serp(1, 17),
    formats: ['serpapi'],
  },
  {
    path: f('serp-api', 'google_matcha_ca_top_stories.json'),
    options: { market: 'ca-en' },
    ...serp(1, 20),
    formats: ['serpapi'],
  },
  {
    path: f('serp-api', 'scaleserp_google_pl_apartamenty_inwestycyjne_2020-06-06.json'),
    ...serp(1, 13),
    formats: ['valueserp'],
  },
  {
    path: f('serp-api', 'dfs_serp_google_organic_live_regular.json'),
    ...serp(1, 7),
    formats: ['dataforseo'],
  },
  {
    path: f('serp-api', 'dfs_serp_google_organic_task_get_regular.json'),
    ...serp(1, 6),
    formats: ['dataforseo'],
  },
  {
    path: f('serp-api', 'dfs_serp_google_local_finder_live_advanced.json'),
    ...serp(1, 18),
    formats: ['dataforseo'],
  },
  {
    path: f('keywords', 'uk_keywords_with_volume.json'),
    options: { market: 'gb-en' },
    read: 368,
    written: 368,
    rejected: 0,
    counts: { keywords: 368, serpResults: 0 },
    formats: ['keywords'],
  },
  {
    path: f('keywords', 'ahrefs_pl_phones.csv'),
    options: { market: 'pl-pl' },
    read: 8097,
    written: 8025,
    rejected: 72,
    counts: { keywords: 8025 },
    formats: ['keywords'],
  },
  {
    path: f('rank-tracker', 'wide_rank_sheet.csv'),
    options: { market: 'gb-en', target: 'www.example.co.uk' },
    read: 368,
    written: 3560,
    rejected: 0,
    counts: { keywords: 736, serpResults: 2567, rankObservations: 2824, snapshots: 2824 },
    formats: ['rank-sheet'],
  },
  {
    path: f('search-console', 'gsc_export_duo_com'),
    read: 2437,
    written: 2435,
    rejected: 0,
    counts: { searchConsoleRows: 2435, keywords: 0 },
    formats: ['gsc-export'],
  },
  {
    path: f('search-console', 'gsc_export_chobble_tickets'),
    read: 554,
    written: 552,
    rejected: 0,
    counts: { searchConsoleRows: 552 },
    formats: ['gsc-export'],
  },
  {
    path: f('search-console', 'gsc_api_flashcom_daily.csv'),
    read: 6000,
    written: 6000,
    rejected: 0,
    counts: { searchConsoleRows: 6000 },
    formats: ['gsc-api'],
  },
];

describe('every shared sample through the pipeline into DuckDB', () => {
  let t: TempRank;
  beforeEach(async () => {
    t = await tempRankStore();
  });
  afterEach(async () => t.close());

  for (const c of CASES) {
    it(`imports ${c.path.slice(SHARED.length + 1)}`, async () => {
      const out = await importPaths(t.rank, [c.path], c.options);
      expect(out.error).toBeNull();
      expect(out).toMatchObject({
        ok: true,
        formats: c.formats,
        rowsRead: c.read,
        rowsWritten: c.written,
        rowsRejected: c.rejected,
      });
      expect(out.written).toMatchObject(c.counts);
      const stored = await t.rank.counts();
      expect(stored.serpResults).toBe(out.written.serpResults);
      expect(stored.keywords).toBe(out.written.keywords);
      for (const r of out.rejects) {
        expect(r.file).toBe(c.path);
        expect(r.line).toBeGreaterThan(1);
        expect(r.reason.length).toBeGreaterThan(10);
      }
    });
  }

  it('rejects the ahrefs file’s mangled cells with file, line, column and reason', async () => {
    const out = await importPaths(t.rank, [f('keywords', 'ahrefs_pl_phones.csv')], { market: 'pl-pl' });
    expect(out.rejects[0]).toMatchObject({
      file: f('keywords', 'ahrefs_pl_phones.csv'),
      line: 5,
      field: 'YoY_hist',
      code: 'mangled-number',
    });
    expect(out.rejects[0]!.reason).toContain('cze.84');
  });

  it('stores Search Console rows under the property the pages name, replacing them on re-import', async () => {
    const path = f('search-console', 'gsc_export_chobble_tickets');
    await importPaths(t.rank, [path]);
    const first = await t.rank.readSearchConsoleRows('tickets.chobble.com');
    expect(first).toHaveLength(552);
    expect(
      first.find((r) => r.dimensions === 'page' && r.page === 'https://tickets.chobble.com/'),
    ).toMatchObject({
      clicks: 14,
      impressions: 484,
      source: 'export',
    });
    expect((await importPaths(t.rank, [path])).ok).toBe(true);
    expect(await t.rank.readSearchConsoleRows('tickets.chobble.com')).toEqual(first);
    await importPaths(t.rank, [path], { target: 'https://other.example/' });
    expect(await t.rank.readSearchConsoleRows('other.example')).toHaveLength(552);
  });

  const failing: [string, PathImport, RegExp][] = [
    [f('keywords', 'ahrefs_pl_phones.csv'), {}, /market/],
    [f('rank-tracker', 'wide_rank_sheet.csv'), { market: 'gb-en' }, /--target/],
    [f('ctr', 'published_ctr_by_position.csv'), {}, /cannot tell the format/],
    [f('serp-api', 'google_light_7_coffee_keywords.json'), {}, /all 7 rows were rejected/],
  ];
  for (const [path, options, reason] of failing) {
    it(`fails ${path.slice(SHARED.length + 1)} ${JSON.stringify(options)} naming the file, writing nothing`, async () => {
      const out = await importPaths(t.rank, [path], options);
      expect(out.ok).toBe(false);
      expect(out.error).toContain(path);
      expect(out.error).toMatch(reason);
      expect(out.rowsWritten).toBe(0);
      expect(await t.rank.counts()).toMatchObject({ keywords: 0, serpResults: 0 });
    });
  }
});
