// The explorer league fixture of the DuckDB league tests (ve-league*.test.ts): five big domains hold
// positions 1–5 of the keywords where the explored host does not rank, twenty mid ones 1–5 of those where it
// does (10th, on every other keyword) and 6–8 of the others, sixty small ones the rest of the top twenty;
// with a tail, positions 21–35 too (serps). `expected` sums the league by hand; recordStatements lets a
// test see the statements the store ran.
import { vi } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import { Session } from '@storage/rank/duckdb/db';
import type { RankStore, SerpResultInput } from '@storage/rank-store';

export const M = 'gb-en';
export const DATES = ['2025-03-03', '2025-03-10'];
const KEYWORDS = 400;
export const HOST = parseHostFilter('host.com')!;

/** Each keyword's results at each date: [position (1-based), domain]. */
export type Serps = Map<string, [number, string][][]>;

/** Deterministic pseudo-random integers (a 32-bit LCG), so every run writes the same rows. */
export function lcg(seed: number) {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

export const volumes = (shift: number) =>
  Array.from({ length: KEYWORDS }, (_, i) => ({
    text: `kw ${i}`,
    sv: i % 37 === 5 ? null : ((i * 7919 + shift) % 5000) + 10,
  }));

/**
 * The pages: top 20, or top 35 with `tail`: there, deep.com holds 21–35 where the host ranks (a VS from
 * lower positions only, about that of a mid one), and mid ones hold them where it does not, which raises
 * their market-wide bounds by a part that their sums over the host's keywords never get.
 */
export function serps({ tail = false } = {}): Serps {
  const next = lcg(42);
  const out: Serps = new Map();
  for (const date of DATES) {
    out.set(
      date,
      Array.from({ length: KEYWORDS }, (_, i) =>
        Array.from({ length: tail ? 35 : 20 }, (_, p): [number, string] => {
          const position = p + 1;
          if (position > 20) return [position, i % 2 === 1 ? `mid${next(20)}.com` : 'deep.com'];
          // The top five go to big domains on the keywords where the host does not rank, to mid ones where it
          // does: the big ones bound the league from above but sum to nothing over the host's keywords. The mid
          // ones also hold 6–8 where it does not, so their bounds exceed their sums over its keywords.
          if (position <= 5)
            return [position, i % 2 === 0 ? `mid${next(20)}.com` : `big${(i + p + next(2)) % 5}.com`];
          if (position <= 8 && i % 2 === 1) return [position, `mid${next(20)}.com`];
          if (position === 10 && i % 2 === 0) return [position, 'host.com'];
          return [position, `small${next(60)}.com`];
        }),
      ),
    );
  }
  return out;
}

/**
 * kw i's page at `date` as SERP rows, all organic; `suffix` ends each URL (a page written again gets other
 * URLs).
 */
export function pageRows(
  ids: Map<string, number>,
  i: number,
  date: string,
  page: readonly [number, string][],
  suffix = '',
): SerpResultInput[] {
  return page.map(([position, domain]) => ({
    market: M,
    keywordId: ids.get(`kw ${i}`)!,
    date,
    position,
    url: `https://www.${domain}/${i}/${position}${suffix}`,
    resultType: 'organic',
  }));
}

/** Writes the volumes and pages to `rank`; returns the keyword ids by text. */
export async function writeSerps(rank: RankStore, rows: Serps): Promise<Map<string, number>> {
  const ids = await rank.upsertKeywords(M, volumes(0));
  const input: SerpResultInput[] = [];
  for (const [date, perKeyword] of rows)
    perKeyword.forEach((page, i) => input.push(...pageRows(ids, i, date, page)));
  await rank.insertSerpResults(input);
  return ids;
}

/** The league by hand: every result of the snapshots where `host` (host.com) ranks at `date`. */
export function expected(rows: Serps, sv: (number | null)[], date: string, limit: number, host = 'host.com') {
  const vs = new Map<string, number>();
  const kws = new Map<string, Set<number>>();
  rows.get(date)!.forEach((results, i) => {
    if (!results.some(([, d]) => d === host)) return;
    for (const [position, d] of results) {
      vs.set(d, (vs.get(d) ?? 0) + (sv[i] ?? 0) * DEFAULT_CTR[position - 1]!);
      kws.set(d, (kws.get(d) ?? new Set()).add(i));
    }
  });
  const round = (x: number) => Math.round(x * 1e6);
  const rowsOut = [...vs]
    .sort(([a, x], [b, y]) => round(y) - round(x) || (a < b ? -1 : 1))
    .slice(0, limit)
    .map(([domain, v]) => ({ domain, keywords: kws.get(domain)!.size, visibilityScore: v }));
  return { total: [...vs.values()].reduce((a, b) => a + b, 0), rows: rowsOut };
}

/**
 * Passes every statement the DuckDB sessions run or query from now on, with its parameters, to `record`
 * (until vi.restoreAllMocks): the tests read which way the store took from them.
 */
export function recordStatements(record: (sql: string, params: unknown) => void): void {
  for (const m of ['run', 'all'] as const) {
    const orig = Session.prototype[m] as (this: Session, sql: string, ...rest: unknown[]) => Promise<unknown>;
    vi.spyOn(Session.prototype, m).mockImplementation(function (
      this: Session,
      sql: string,
      ...rest: unknown[]
    ) {
      record(sql, rest[0]);
      return orig.call(this, sql, ...rest) as never;
    });
  }
}
