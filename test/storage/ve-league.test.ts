// The explorer's market rollup on DuckDB (ve/roll.ts) and the league it prunes (ve/league.ts), on the pages
// of ve-league-fixture.ts. The league of the host's snapshots must be the one summed by hand from the rows,
// whether the store prunes it (checked by the statements it ran) or reads every result; the rollup must
// follow volume changes made through the store, and a change it did not see must not be read. The host's own
// keywords must come out the same from its masks and from its rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { DuckDb } from '@storage/rank/duckdb/db';
import { refreshDerived } from '@storage/rank/duckdb/dims';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import {
  expected,
  HOST,
  M,
  pageRows,
  serps,
  volumes,
  writeSerps,
  recordStatements,
} from './ve-league-fixture';

describe('the explorer league and market rollup on DuckDB', () => {
  let dir: string;
  let rank: RankStore;
  const rows = serps();
  let sv = volumes(0).map((k) => k.sv);
  const ran: string[] = [];
  /** The league rows written as known (the host's own domain), with their bound values. */
  const ownRows: [string, unknown][] = [];
  let ids: Map<string, number>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 've-league-'));
    rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    await rank.migrate();
    ids = await writeSerps(rank, rows);
    recordStatements((sql, params) => {
      ran.push(sql);
      if (/INSERT INTO ve_league VALUES/u.test(sql)) ownRows.push([sql, params]);
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The host's VS at 03-10 by hand: every one of its results, organic. */
  const hostScore = () =>
    rows
      .get('2025-03-10')!
      .reduce(
        (a, results, i) =>
          a +
          results
            .filter(([, d]) => d === 'host.com')
            .reduce((x, [position]) => x + (sv[i] ?? 0) * DEFAULT_CTR[position - 1]!, 0),
        0,
      );

  /** The league at 03-10 and which way the store summed it. */
  async function league(limit: number) {
    ran.length = 0;
    const got = (await rank.visibilityExplorer.hostPoint(M, HOST, '2025-03-10', DEFAULT_CTR, 10, limit))
      .league;
    const pruned = ran.some((q) => q.includes('INSERT INTO ve_league'));
    const onePass = ran.some((q) => q.includes('FROM serp_results r JOIN snaps'));
    const way = pruned ? (onePass ? 'candidates, then one pass' : 'pruned') : onePass ? 'one pass' : 'none';
    return { got, way };
  }

  function expectLeague(
    got: { total: number; rows: { domain: string; keywords: number; visibilityScore: number }[] },
    limit: number,
    host = 'host.com',
  ) {
    const want = expected(rows, sv, '2025-03-10', limit, host);
    expect(got.rows.map((r) => [r.domain, r.keywords])).toEqual(want.rows.map((r) => [r.domain, r.keywords]));
    got.rows.forEach((r, i) => expect(r.visibilityScore).toBeCloseTo(want.rows[i]!.visibilityScore, 6));
    expect(got.total).toBeCloseTo(want.total, 6);
  }

  it('prunes the league to the domains that can reach it, with the answer of every result', async () => {
    // Three shown domains: the first statement sums the big ones and the best mid ones by bound; their sums
    // set a threshold that other mid ones' bounds still reach, so a second statement sums those.
    const small = await league(3);
    expect(small.way).toBe('pruned');
    expect(
      ran.filter((q) => q.includes('INSERT INTO ve_league') && q.includes('serp_by_domain')),
    ).toHaveLength(2);
    expectLeague(small.got, 3);
    // host.com's own sums are those of its keywords (read from its rows): written as they are, not read
    // again. Its VS and keyword count there are the hand sums.
    expect(ran.filter((q) => /INSERT INTO ve_league VALUES/u.test(q))).toHaveLength(1);
    const [ownSql, ownBinds] = ownRows[ownRows.length - 1]!;
    const ranking = rows.get('2025-03-10')!.filter((r) => r.some(([, d]) => d === 'host.com')).length;
    expect(ownSql).toMatch(new RegExp(`VALUES \\(\\d+, \\$1, ${ranking}\\)`, 'u'));
    expect(Number((ownBinds as unknown[])[0])).toBeCloseTo(hostScore(), 6);
    ran.length = 0;
    await rank.visibilityExplorer.hostTypeScores(M, HOST, ['2025-03-10'], DEFAULT_CTR);
    expect(ran.some((q) => q.includes('FROM ve_roll'))).toBe(true);
    // Twenty-three reach into the sixty small ones: once the first candidates set the threshold, summing the
    // domains that can still reach it would read most rows, so the store reads every result instead.
    const wide = await league(23);
    expect(wide.way).toBe('candidates, then one pass');
    expectLeague(wide.got, 23);
    // Forty: the first candidates alone would be most rows.
    const all = await league(40);
    expect(all.way).toBe('one pass');
    expectLeague(all.got, 40);
  });

  it('follows volume changes made through the store, and never reads a rollup built from other volumes', async () => {
    await rank.upsertKeywords(M, volumes(1234));
    sv = volumes(1234).map((k) => k.sv);
    const after = await league(3);
    expect(after.way).toBe('pruned');
    expectLeague(after.got, 3);
    // A change the rollup did not see (written behind the store's back): the league reads every result.
    await rank.close();
    const raw = await DuckDb.open(join(dir, 'rank.duckdb'));
    await raw.exclusive((s) => s.run('UPDATE keywords SET sv = sv + 1 WHERE sv IS NOT NULL'));
    await raw.close();
    sv = sv.map((v) => (v === null ? null : v + 1));
    rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    const stale = await league(3);
    expect(stale.way).toBe('one pass');
    expectLeague(stale.got, 3);
    // The host's VS by result type: from the results while the rollup is stale, from the rollup once a
    // volume write through the store has rebuilt it.
    const hostVs = hostScore();
    for (const rollup of [false, true]) {
      if (rollup) await rank.upsertKeywords(M, [{ text: 'kw 0', sv: sv[0] }]);
      ran.length = 0;
      const types = await rank.visibilityExplorer.hostTypeScores(M, HOST, ['2025-03-10'], DEFAULT_CTR);
      expect(types).toHaveLength(1);
      expect(types[0]!.visibilityScore).toBeCloseTo(hostVs, 6);
      expect(ran.some((q) => q.includes('FROM ve_roll'))).toBe(rollup);
    }
    expect((await league(3)).way).toBe('pruned');
  });

  it('follows SERP writes to a market whose rollup is fresh, date by date', async () => {
    // kw 1 and kw 3 get a new 03-10 page where host.com ranks first: the host now ranks on them.
    const page = (): [number, string][] =>
      Array.from({ length: 20 }, (_, p): [number, string] => [
        p + 1,
        p === 0 ? 'host.com' : `big${p % 5}.com`,
      ]);
    const input: SerpResultInput[] = [];
    for (const i of [1, 3]) {
      rows.get('2025-03-10')![i] = page();
      input.push(...pageRows(ids, i, '2025-03-10', page(), '/new'));
    }
    await rank.insertSerpResults(input);
    const got = await league(3);
    expect(got.way).toBe('pruned');
    expectLeague(got.got, 3);
    ran.length = 0;
    const types = await rank.visibilityExplorer.hostTypeScores(M, HOST, ['2025-03-10'], DEFAULT_CTR);
    expect(ran.some((q) => q.includes('FROM ve_roll'))).toBe(true);
    expect(types.map((t) => t.resultType)).toEqual(['organic']);
    expect(types[0]!.visibilityScore).toBeCloseTo(hostScore(), 6);
  });

  it('follows an import commit of a page with a new volume, and one of volumes only', async () => {
    // kw 5 gets a 03-10 page with host.com second and small0.com elsewhere, and a volume of 9,999.
    const imp = await rank.beginImport();
    const page: [number, string][] = Array.from({ length: 20 }, (_, p) => [
      p + 1,
      p === 1 ? 'host.com' : p < 5 ? `big${p}.com` : 'small0.com',
    ]);
    await imp.addUrls(
      page.map(([position, domain]) => ({
        localId: position - 1,
        url: `https://www.${domain}/5/${position}/imported`,
        host: `www.${domain}`,
        domain,
        path: `/5/${position}/imported`,
        title: null,
      })),
    );
    await imp.addSerpRows({
      count: page.length,
      keyword: new Int32Array(page.length),
      day: new Int32Array(page.length).fill(Date.UTC(2025, 2, 10) / 86_400_000),
      position: Uint8Array.from(page.map(([position]) => position)),
      resultType: new Uint8Array(page.length),
      url: Int32Array.from(page.map(([position]) => position - 1)),
      part: new Uint16Array(page.length),
    });
    await imp.commit({
      keywords: [{ localId: 0, market: M, text: 'kw 5', sv: 9_999, tags: [], groups: [] }],
      campaign: null,
      searchConsole: null,
    });
    rows.get('2025-03-10')![5] = page;
    sv[5] = 9_999;
    for (const step of ['page and volume', 'volumes only']) {
      if (step === 'volumes only') {
        const list = await rank.beginImport();
        await list.commit({
          keywords: [{ localId: 0, market: M, text: 'kw 7', sv: 12_345, tags: [], groups: [] }],
          campaign: null,
          searchConsole: null,
        });
        sv[7] = 12_345;
      }
      const got = await league(3);
      expect(got.way, step).toBe('pruned');
      expectLeague(got.got, 3);
      ran.length = 0;
      const types = await rank.visibilityExplorer.hostTypeScores(M, HOST, ['2025-03-10'], DEFAULT_CTR);
      expect(
        ran.some((q) => q.includes('FROM ve_roll')),
        step,
      ).toBe(true);
      expect(types[0]!.visibilityScore).toBeCloseTo(hostScore(), 6);
    }
  });

  it('reads the host keywords from its masks, and from its rows where a snapshot repeats a position', async () => {
    const point = async (target: string) => {
      ran.length = 0;
      const got = await rank.visibilityExplorer.hostPoint(
        M,
        parseHostFilter(target)!,
        '2025-03-10',
        DEFAULT_CTR,
        5,
        3,
      );
      const way = ran.some((q) => q.includes('TEMP TABLE ve_at')) ? 'rows' : 'masks';
      return { got, way };
    };
    const ranking = () => rows.get('2025-03-10')!.filter((r) => r.some(([, d]) => d === 'host.com')).length;
    // A registrable domain whose keywords all use the day's snapshots reads its masks; so does a host that
    // is its domain's only one (every host.com URL is on www.host.com). Once host.com has another host (a
    // page of another market), www.host.com is read from its rows. All three answer the same.
    const domain = await point('host.com');
    const only = await point('www.host.com');
    const other = await rank.upsertKeywords('us-en', [{ text: 'kw us', sv: 10 }]);
    await rank.insertSerpResults([
      {
        market: 'us-en',
        keywordId: other.get('kw us')!,
        date: '2025-03-10',
        position: 1,
        url: 'https://blog.host.com/us',
        resultType: 'organic',
      },
    ]);
    const host = await point('www.host.com');
    expect([domain.way, only.way, host.way]).toEqual(['masks', 'masks', 'rows']);
    expect(only.got).toEqual(domain.got);
    for (const { got } of [domain, host]) {
      expect(got.keywords.rankingKeywords).toBe(ranking());
      expect(got.keywords.visibilityScore).toBeCloseTo(hostScore(), 6);
      expectLeague(got.league, 3);
    }
    expect(domain.got.keywords.bestPositions).toEqual(host.got.keywords.bestPositions);
    expect(domain.got.keywords.top).toEqual(host.got.keywords.top);
    expect(domain.got.urls).toEqual(host.got.urls);
    expect(domain.got.keywords.top).toHaveLength(5);
    expect(domain.got.urls.map((u) => u.keywords)).toEqual([1, 1, 1, 1, 1]);

    // Written behind the store's back: host.com twice at position 10 on kw 0 (another of its URLs). Its
    // masks hold the position once, so the store reads its rows, which count it twice.
    await rank.close();
    const raw = await DuckDb.open(join(dir, 'rank.duckdb'));
    await raw.exclusive(async (s) => {
      await s.run(`INSERT INTO serp_results
        SELECT r.market_id, r.date, r.keyword_id, r.position, r.result_type, u.id, u.host_id, r.domain_id
        FROM serp_results r JOIN urls u ON u.url = 'https://www.host.com/2/10'
        WHERE r.date = DATE '2025-03-10' AND r.keyword_id = ${ids.get('kw 0')!} AND r.position = 10`);
      await refreshDerived(s, true);
    });
    await raw.close();
    rows.get('2025-03-10')![0]!.push([10, 'host.com']);
    rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    const repeated = await point('host.com');
    expect(repeated.way).toBe('rows');
    expect(repeated.got.keywords.rankingKeywords).toBe(ranking());
    expect(repeated.got.keywords.visibilityScore).toBeCloseTo(hostScore(), 6);
    expect(hostScore()).toBeCloseTo(domain.got.keywords.visibilityScore + sv[0]! * DEFAULT_CTR[9]!, 6);
    expectLeague(repeated.got.league, 3);
  });

  it('takes the one pass at once for a host on few keywords', async () => {
    // tiny.com ranks 20th on kw 8 and kw 10 only, a sliver of the market: the bounds of the sixty small
    // domains reach its league's likely threshold (its share × the limit-th bound), and they are too many
    // results to sum after the first candidates, so none is summed before the one pass.
    const date = '2025-03-10';
    const input: SerpResultInput[] = [];
    const pages = rows.get(date)!;
    for (const i of [8, 10]) {
      pages[i] = pages[i]!.map(([position, d]) => [position, position === 20 ? 'tiny.com' : d]);
      input.push(...pageRows(ids, i, date, pages[i]!, '/tiny'));
    }
    await rank.insertSerpResults(input);
    ran.length = 0;
    const got = (
      await rank.visibilityExplorer.hostPoint(M, parseHostFilter('tiny.com')!, date, DEFAULT_CTR, 10, 5)
    ).league;
    expect(ran.some((q) => q.includes('INSERT INTO ve_league'))).toBe(false);
    expect(ran.some((q) => q.includes('FROM serp_results r JOIN snaps'))).toBe(true);
    expectLeague(got, 5, 'tiny.com');
  });
});
