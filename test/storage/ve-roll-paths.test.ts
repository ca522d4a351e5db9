// The explorer's market rollup by first path segment on DuckDB (ve_roll, ve/roll.ts): a host with a
// one-segment path (`www.a.com/blog`) whose points each use their own day's snapshots has its VS per point and
// result type summed from the rollup, and must answer as the core reference does from the rows — with URLs
// of `/blog` itself, below it, `/blogger` beside it, the same path on other hosts, and several of the host's
// URLs on one keyword (VS adds up over results). The rollup must follow volume changes, replaced
// snapshots, a transfer's URLs and the v9 migration; a deeper path and the general date rule read the rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter, type HostFilter } from '@core/host-match';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { DuckDb } from '@storage/rank/duckdb/db';
import { DERIVED_TABLES } from '@storage/rank/derived-tables';
import { VE_ROLL_MIGRATION } from '@storage/rank/duckdb/ve/roll';
import type { RankStore } from '@storage/rank-store';
import { segmentOf, type RankBatch } from '@storage/transfer';
import { lcg, recordStatements } from './ve-league-fixture';
import { expectTypeScores, reference, serpInputs, type Row } from './ve-fixture';

const M = 'gb-en';
const WEEKS = ['2025-03-03', '2025-03-10'];
const URLS = [
  'https://www.a.com/blog',
  'https://www.a.com/blog/',
  'https://www.a.com/blog/x',
  'https://www.a.com/blog/y/z',
  'https://www.a.com/blogger',
  'https://www.a.com/shop?page=2',
  'https://www.a.com/',
  'https://blog.a.com/blog/x',
  'https://b.com/blog',
  'https://b.com/blog/q',
  'https://c.org/blog',
];
/** Targets, and how the rollup answers for them when it does: by segment, by host, or not (their rows). */
const TARGETS: [HostFilter, 'segment' | 'host' | 'rows'][] = [
  [parseHostFilter('www.a.com/blog')!, 'segment'],
  [parseHostFilter('www.a.com/shop')!, 'segment'],
  [parseHostFilter('b.com/blog')!, 'segment'],
  [parseHostFilter('www.a.com/blog/y')!, 'rows'],
  [parseHostFilter('www.a.com')!, 'host'],
];

/** One snapshot per keyword and date: 6 results from the URL pool, some of them featured snippets. */
function pages(keywords: readonly string[], dates: readonly string[], seed: number): Row[] {
  const next = lcg(seed);
  const rows: Row[] = [];
  for (const date of dates) {
    for (const kw of keywords) {
      for (let position = 1; position <= 6; position += 1) {
        const url = URLS[next(URLS.length)]!;
        rows.push([kw, date, position, url, next(5) === 0 ? 'featured_snippet' : 'organic']);
      }
    }
  }
  return rows;
}

describe('the explorer market rollup by path segment on DuckDB', () => {
  let dir: string;
  let rank: RankStore;
  const keywords = Array.from({ length: 30 }, (_, i) => ({
    text: `kw${i}`,
    sv: i % 7 === 3 ? null : i * 37 + 5,
  }));
  let rows = pages(
    keywords.map((k) => k.text),
    WEEKS,
    1,
  );
  let ids: Map<string, number>;
  const ran: string[] = [];

  const write = async (written: Row[]) => {
    await rank.insertSerpResults(serpInputs(M, ids, written));
  };

  /** Every target's VS per point and (merged) type equals the reference; the rollup read as expected. */
  const expectReference = async (points: readonly string[], rolled: boolean) => {
    const ref = reference(ids, keywords, rows);
    for (const [f, way] of TARGETS) {
      ran.length = 0;
      const got = await rank.visibilityExplorer.hostTypeScores(M, f, points, DEFAULT_CTR);
      const read = (q: string) =>
        q.includes('FROM serp_by_domain') ? 'rows' : q.includes('AND segment =') ? 'segment' : 'host';
      const reads = ran.filter((q) => q.includes('FROM ve_roll') || q.includes('FROM serp_by_domain'));
      expect(reads.map(read), f.value).toEqual([rolled ? way : 'rows']);
      expectTypeScores(ref, f, points, got);
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 've-roll-paths-'));
    rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    await rank.migrate();
    ids = await rank.upsertKeywords(M, keywords);
    await write(rows);
    recordStatements((sql) => ran.push(sql));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sums a one-segment path from the rollup, and a deeper path from its rows, as the reference does', async () => {
    // The fixture must hold what the rollup has to get right: a keyword with two URLs of /blog at one date,
    // and /blogger and /blog on another host ranking too.
    const blog = rows.filter((r) => /^https:\/\/www\.a\.com\/blog(\/|$)/u.test(r[3]));
    const perSnapshot = new Map<string, number>();
    for (const r of blog) perSnapshot.set(`${r[0]} ${r[1]}`, (perSnapshot.get(`${r[0]} ${r[1]}`) ?? 0) + 1);
    expect(Math.max(...perSnapshot.values())).toBeGreaterThan(1);
    expect(rows.some((r) => r[3].endsWith('/blogger'))).toBe(true);
    expect(rows.some((r) => r[3] === 'https://blog.a.com/blog/x')).toBe(true);
    await expectReference(WEEKS, true);
  });

  it('follows volume changes and replaced snapshots', async () => {
    for (const [i, k] of keywords.entries()) k.sv = i % 5 === 0 ? null : (k.sv ?? 11) * 3 + i;
    await rank.upsertKeywords(M, keywords);
    await expectReference(WEEKS, true);
    // The second week's snapshots of ten keywords are replaced by other pages.
    const replaced = new Set(keywords.slice(0, 10).map((k) => k.text));
    const fresh = pages([...replaced], [WEEKS[1]!], 7);
    rows = [...rows.filter((r) => !(r[1] === WEEKS[1] && replaced.has(r[0]))), ...fresh];
    await write(fresh);
    await expectReference(WEEKS, true);
  });

  it('reads the rows when a point uses an older snapshot', async () => {
    const later = pages(['kw1', 'kw2'], ['2025-03-12'], 9);
    rows = [...rows, ...later];
    await write(later);
    await expectReference([...WEEKS, '2025-03-12'], false);
    await expectReference(WEEKS, true);
  });

  it('is rebuilt when a transfer copies URLs that give an id another path', async () => {
    // The www.a.com/blog/x URL becomes www.a.com/shop/x under the same id, as a store copied over this one
    // with --replace may have it: its results move from /blog to /shop.
    const batches: RankBatch[] = [];
    for await (const batch of rank.exportBatches(segmentOf('urls'))) batches.push(batch);
    const moved = 'https://www.a.com/blog/x';
    let changed = 0;
    for (const batch of batches) {
      const url = batch.columns.url as string[];
      const path = batch.columns.path as string[];
      url.forEach((u, i) => {
        if (u !== moved) return;
        url[i] = 'https://www.a.com/shop/x';
        path[i] = '/shop/x';
        changed += 1;
      });
    }
    expect(changed).toBe(1);
    await rank.importBatches(
      segmentOf('urls'),
      (async function* () {
        yield* batches;
      })(),
    );
    rows = rows.map(([kw, date, position, url, type]) => [
      kw,
      date,
      position,
      url === moved ? 'https://www.a.com/shop/x' : url,
      type,
    ]);
    await expectReference(WEEKS, true);
  });

  it('is built by the v9 migration for a store whose rollup has no segments', async () => {
    // The store as schema v8 left it: the v7 rollup, without segments, no tables of later versions (v10:
    // the declared derived tables) and no record of v9 or later.
    await rank.close();
    const raw = await DuckDb.open(join(dir, 'rank.duckdb'));
    await raw.exclusive(async (s) => {
      await s.run('DROP TABLE ve_roll');
      await s.run(VE_ROLL_MIGRATION[0]!);
      for (const t of ['campaign_domains', ...DERIVED_TABLES.map((d) => d.name)])
        await s.run(`DROP TABLE ${t}`);
      await s.run('DELETE FROM schema_version WHERE version >= 9');
    });
    await raw.close();
    rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    await rank.migrate();
    await expectReference(WEEKS, true);
  });
});
