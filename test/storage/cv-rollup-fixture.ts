// The fixture shared by the rollup conformance tests of both rank engines (cv-rollup on DuckDB,
// clickhouse-rollup): the targets, CTR curves, spans and point dates they ask about, result pages with hosts
// and types rotated, campaign membership, and a comparison equal up to a relative 1e-9 (a rollup adds the
// same products in another order).
import { expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import type { ResultType } from '@core/result-types';
import type { CvScope, CvTarget } from '@storage/campaign-visibility-reads';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import type { RankBatch } from '@storage/transfer';

const target = (key: string, ...values: string[]): CvTarget => ({
  key,
  filters: values.map((v) => parseHostFilter(v)!),
});
export const TARGETS = [
  target('a', 'a.com'),
  target('www', 'www.a.com'),
  target('group', 'a.com', 'www.a.com', 'b.com'),
  target('b', 'b.com'),
  target('nowhere', 'unknown.example'),
];
/**
 * The targets with path filters too: paths that overlap within a target (a result counts once), and paths on
 * a host the target also matches whole (by domain or host), beside paths it does not.
 */
export const PATH_TARGETS = [
  ...TARGETS,
  target('path', 'www.a.com/x'),
  target('paths', 'www.a.com/x', 'www.a.com/x/k1', 'shop.a.com/y'),
  target('path in domain', 'a.com', 'www.a.com/y', 'www.b.com/x'),
  target('path in host', 'www.b.com', 'www.b.com/x', 'b.com/y'),
];
export const STEEP = DEFAULT_CTR.map((c, i) => (i < 3 ? c * 2 : c / 2));
const HOSTS = ['www.a.com', 'shop.a.com', 'b.com', 'c.org', 'www.b.com', 'd.net'];
const TYPES: ResultType[] = ['organic', 'brand', 'featured_snippet', 'video'];

export const SPANS = [
  { start: '2026-01-01', end: '2026-01-31' },
  { start: '2026-01-06', end: '2026-01-13' },
];
export const POINTS = ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-20'];
export const PLAIN: Partial<CvScope> = {};

export const scopeOf = (campaignId: number, over: Partial<CvScope>): CvScope => ({
  campaignId,
  market: 'gb-en',
  tags: [],
  tagsMatch: 'any',
  groups: [],
  keywords: [],
  resultTypes: [],
  ctr: DEFAULT_CTR,
  ...over,
});

/** Equal up to a relative 1e-9 on numbers (the rollup adds the same products in another order). */
export function expectSame(actual: unknown, expected: unknown, where: string): void {
  const walk = (a: unknown, e: unknown, path: string): void => {
    if (typeof a === 'number' && typeof e === 'number') {
      if (Math.abs(a - e) > 1e-9 * Math.max(1, Math.abs(e))) expect.fail(`${where} ${path}: ${a} ≠ ${e}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(e)) {
      expect(a.length, `${where} ${path} length`).toBe(e.length);
      a.forEach((x, i) => walk(x, e[i], `${path}[${i}]`));
      return;
    }
    if (a !== null && e !== null && typeof a === 'object' && typeof e === 'object') {
      expect(Object.keys(a).sort(), `${where} ${path} keys`).toEqual(Object.keys(e).sort());
      for (const k of Object.keys(a)) walk((a as never)[k], (e as never)[k], `${path}.${k}`);
      return;
    }
    expect(a, `${where} ${path}`).toEqual(e);
  };
  walk(actual, expected, '');
}

/** One read asked of the whole campaign (rollup when it can) and of the same keywords named one by one. */
export interface ReadPair {
  where: string;
  read: (scope: CvScope) => Promise<unknown>;
  whole: CvScope;
  named: CvScope;
}

/**
 * Asks every pair's two reads at once, then compares them in order. Reads only, between two writes: the
 * stores serve them side by side (DuckDB on its read connections, ClickHouse over several HTTP connections),
 * so the time spent waiting on ClickHouse overlaps, and DuckDB's reads use a second core when one is idle. A
 * read that fails names its pair.
 */
export async function expectPairsSame(pairs: readonly ReadPair[]): Promise<void> {
  const ask = (p: ReadPair, scope: CvScope, side: string) =>
    p.read(scope).catch((e: unknown) => {
      throw new Error(`${p.where} (${side}): ${(e as Error).message}`, { cause: e });
    });
  const answers = await Promise.all(
    pairs.map((p) => Promise.all([ask(p, p.whole, 'whole campaign'), ask(p, p.named, 'keywords named')])),
  );
  answers.forEach(([whole, named], i) => expectSame(whole, named, pairs[i]!.where));
}

/** Keyword ids by text and campaign membership, over the store `rank()` returns. */
export function rollupFixture(rank: () => RankStore) {
  const ids = new Map<string, number>();
  const members = new Map<number, string[]>();
  /** A page of `n` results for keyword `kw` on `date`, hosts and types rotated by `shift`. */
  const page = (kw: string, date: string, n: number, shift: number): SerpResultInput[] =>
    Array.from({ length: n }, (_, i) => ({
      market: 'gb-en',
      keywordId: ids.get(kw)!,
      date,
      position: i + 1,
      resultType: TYPES[(i + shift) % TYPES.length]!,
      url: `https://${HOSTS[(i * 2 + shift) % HOSTS.length]}/${i % 2 === 0 ? 'x' : 'y'}/${kw}`,
    }));
  const setMembers = async (campaignId: number, texts: string[]): Promise<void> => {
    members.set(campaignId, texts);
    await rank().setCampaignKeywords(
      campaignId,
      'gb-en',
      texts.map((t, i) => ({
        keywordId: ids.get(t)!,
        tags: i % 2 === 0 ? ['even'] : ['odd', 'x'],
        groups: [],
      })),
    );
  };
  /** The fixture's six keywords (one of unknown volume) in gb-en, their ids recorded in `ids`. */
  const seedKeywords = async (): Promise<void> => {
    const texts = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    const sv = [1000, 250, null, 40, 7, 3000];
    for (const [t, id] of await rank().upsertKeywords(
      'gb-en',
      texts.map((text, i) => ({ text, sv: sv[i]! })),
    )) {
      ids.set(t, id);
    }
  };
  return { ids, members, page, setMembers, seedKeywords };
}

/** Many reads per step: minutes on a busy machine. */
const SLOW = 300_000;

/**
 * The write paths both engines' rollups must follow, `check` asking the rollup-backed reads both ways after
 * each: SERP inserts (keywords checked on different days), volume changes, membership changes (a campaign
 * emptied and refilled), a snapshot replaced, an import commit with and without SERP rows, importBatches.
 */
export function rollupWriteCases(
  get: () => RankStore,
  fx: ReturnType<typeof rollupFixture>,
  check: (step: string) => Promise<void>,
  afterFirstInsert?: () => Promise<void>,
): void {
  const { page, setMembers } = fx;
  const all = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
  let saved: RankBatch[] = [];
  let segment: { table: 'serp_results'; marketId: number | null; date: string };

  it(
    'after SERP inserts, including keywords checked on different days',
    async () => {
      await setMembers(1, ['k1', 'k2', 'k3', 'k4', 'k5']);
      await setMembers(2, ['k3', 'k4', 'k5', 'k6']);
      await get().insertSerpResults(all.flatMap((k, i) => page(k, '2026-01-05', 12, i)));
      await afterFirstInsert?.();
      await check('first week');
      // A second week of full pages, then a snapshot of k1 alone two days later.
      await get().insertSerpResults(all.flatMap((k, i) => page(k, '2026-01-12', 10, i + 1)));
      await get().insertSerpResults(page('k1', '2026-01-14', 8, 3));
      await check('three dates');
    },
    SLOW,
  );

  it(
    'after volume changes',
    async () => {
      await get().upsertKeywords('gb-en', [
        { text: 'k2', sv: 900 },
        { text: 'k3', sv: 55 },
      ]);
      await check('volumes changed');
    },
    SLOW,
  );

  it(
    'after membership changes: keywords added and removed, a campaign emptied and refilled',
    async () => {
      await setMembers(1, ['k1', 'k2', 'k6']);
      await setMembers(2, []);
      await check('membership changed, campaign 2 emptied');
      await setMembers(2, ['k2', 'k3', 'k4']);
      await get().insertSerpResults(all.flatMap((k, i) => page(k, '2026-01-19', 6, i + 2)));
      await check('campaign 2 back, fourth date');
    },
    SLOW,
  );

  it(
    'after a snapshot is replaced, an import commit with a volume change, and importBatches',
    async () => {
      const marketId = (await get().checksums()).segments.find((x) => x.table === 'serp_results')!.marketId;
      segment = { table: 'serp_results', marketId, date: '2026-01-12' };
      saved = [];
      for await (const b of get().exportBatches(segment)) saved.push(b);
      await get().insertSerpResults(page('k2', '2026-01-12', 3, 0));
      await check('a snapshot replaced');

      const imp = await get().beginImport();
      await imp.addUrls([
        { localId: 0, url: 'https://b.com/i', host: 'b.com', domain: 'b.com', path: '/i', title: null },
      ]);
      await imp.addSerpRows({
        count: 2,
        keyword: Int32Array.from([0, 0]),
        day: Int32Array.from([20_470, 20_470]), // 2026-01-17
        position: Uint8Array.from([1, 2]),
        resultType: Uint8Array.from([0, 1]),
        url: Int32Array.from([0, 0]),
        part: Uint16Array.from([0, 0]),
      });
      await imp.commit({
        keywords: [{ localId: 0, market: 'gb-en', text: 'k4', sv: 400, tags: [], groups: [] }],
        campaign: null,
        searchConsole: null,
      });
      await check('import commit with a volume change');

      // A keyword list: volumes only, no SERP rows, so only the commit's campaign-rollup rebuild sees it.
      const list = await get().beginImport();
      await list.commit({
        keywords: [{ localId: 0, market: 'gb-en', text: 'k4', sv: 1_900, tags: [], groups: [] }],
        campaign: null,
        searchConsole: null,
      });
      await check('import commit of volumes only');

      await get().importBatches(
        segment,
        (async function* () {
          yield* saved;
        })(),
      );
      await check('importBatches restored a snapshot');
    },
    SLOW,
  );
}
