// Search Console rows of a demo site (issue 30): what Google would report for the site's own rankings in the
// demo SERPs, so that the Search Console screens have data on the demo. Per day, query, page, country and
// device: impressions drawn around the query's daily searches (monthly volume ÷ 30.4) × the chance a result
// at that position is seen × the device and country shares; clicks drawn from the impressions at the default
// CTR curve's rate for the position (DESIGN §3) with a per-query factor; the average position is the SERP
// position of the snapshot covering the day plus a little noise. Brand queries rank first with a higher CTR.
// Pure and deterministic: the same input and seed give the same rows.
import { DEFAULT_CTR_MODEL, ctrAt } from '../metrics/ctr-model';
import { deriveSeed, Rng } from './prng';

/** A result of the site at a weekly snapshot. */
export interface DemoGscRanking {
  keyword: string;
  /** Monthly searches; null when unknown (no rows then). */
  sv: number | null;
  /** Snapshot date `YYYY-MM-DD`, a Monday of the demo history. */
  date: string;
  /** Absolute position 1–100. */
  position: number;
  url: string;
}

export interface DemoGscInput {
  seed: number;
  /** The site (a registrable domain), which seeds its rows. */
  site: string;
  rankings: readonly DemoGscRanking[];
  /** First and last day of rows, inclusive; a day takes the latest snapshot on or before it. */
  from: string;
  to: string;
  /** ISO 3166-1 alpha-3 countries, the market's first: most searches come from it. */
  countries: readonly string[];
  /** Brand queries (already normalised) with their monthly searches; they rank first on `homepage`. */
  brand: readonly { query: string; sv: number }[];
  homepage: string;
  /** Non-brand queries kept: those with the most searches seen at their best position. */
  maxQueries: number;
}

/** One row as the Search Console API reports it (keys: date, query, page, country, device). */
export interface DemoGscRow {
  keys: [date: string, query: string, page: string, country: string, device: string];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** Positions past this are never seen often enough to matter, and keep the row count small. */
const MAX_POSITION = 30;
/** Results of the site per query and snapshot that get impressions (its best ones). */
const PAGES_PER_QUERY = 2;
const DEVICES = [
  { device: 'mobile', share: 0.6, positionShift: 0.3, ctr: 0.95 },
  { device: 'desktop', share: 0.36, positionShift: 0, ctr: 1.1 },
  { device: 'tablet', share: 0.04, positionShift: 0.5, ctr: 1 },
] as const;
/** Shares of a query's searches by country, in DemoGscInput.countries order. */
const COUNTRY_SHARES = [0.92, 0.08];
const DAY_MS = 86_400_000;

/** Share of a query's searches in which a result at `position` is on the page the searcher looked at. */
function seen(position: number): number {
  if (position <= 10) return 1;
  if (position <= 20) return 0.12;
  return 0.04;
}

function poisson(rng: Rng, mean: number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * rng.normal()));
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = rng.float(); p > limit; p *= rng.float()) k++;
  return k;
}

function binomial(rng: Rng, n: number, p: number): number {
  if (n > 50) {
    const mean = n * p;
    return Math.min(n, Math.max(0, Math.round(mean + Math.sqrt(mean * (1 - p)) * rng.normal())));
  }
  let k = 0;
  for (let i = 0; i < n; i++) if (rng.float() < p) k++;
  return k;
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The site's rows for every day of [from, to], in date, query, page, country, device order. */
export function demoSearchConsoleRows(input: DemoGscInput): DemoGscRow[] {
  const rng = new Rng(deriveSeed(input.seed, `search-console:${input.site}`));
  // Per query and snapshot date, the site's best results.
  const byQuery = new Map<string, { sv: number; snapshots: Map<number, DemoGscRanking[]> }>();
  const sorted = [...input.rankings].sort(
    (a, b) =>
      (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0) ||
      a.date.localeCompare(b.date) ||
      a.position - b.position,
  );
  for (const r of sorted) {
    if (r.sv === null || r.sv <= 0 || r.position > MAX_POSITION) continue;
    const q = byQuery.get(r.keyword) ?? { sv: r.sv, snapshots: new Map<number, DemoGscRanking[]>() };
    byQuery.set(r.keyword, q);
    const at = q.snapshots.get(dayOf(r.date)) ?? [];
    if (at.length < PAGES_PER_QUERY) at.push(r);
    q.snapshots.set(dayOf(r.date), at);
  }
  // A demo site's report holds its most seen queries: the rows of the rest would only slow the demo's start.
  const reach = new Map(
    [...byQuery].map(([query, q]) => [
      query,
      q.sv * Math.max(...[...q.snapshots.values()].map((r) => seen(r[0]!.position))),
    ]),
  );
  const dropped = [...reach].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).slice(input.maxQueries);
  for (const [query] of dropped) byQuery.delete(query);
  const from = dayOf(input.from);
  const to = dayOf(input.to);
  for (const b of input.brand) {
    const snapshots = new Map([
      [from, [{ keyword: b.query, sv: b.sv, date: input.from, position: 1, url: input.homepage }]],
    ]);
    byQuery.set(b.query, { sv: b.sv, snapshots });
  }
  const brand = new Set(input.brand.map((b) => b.query));
  const queries = [...byQuery.keys()].sort();
  // Fixed per query: how much more or less its searchers click than the curve says.
  const appeal = new Map(queries.map((q) => [q, brand.has(q) ? 1.8 : rng.logNormal(0.35)]));
  const rows: DemoGscRow[] = [];
  for (let day = from; day <= to; day++) {
    const date = dateOf(day);
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const season = weekday === 0 || weekday === 6 ? 0.85 : 1.06;
    for (const query of queries) {
      const q = byQuery.get(query)!;
      // The latest snapshot on or before the day (the first one for days before it).
      let snapshot: DemoGscRanking[] | undefined;
      let best = -Infinity;
      for (const [d, results] of q.snapshots) {
        if (d <= day && d > best) {
          best = d;
          snapshot = results;
        }
      }
      snapshot ??= q.snapshots.values().next().value;
      if (snapshot === undefined) continue;
      const searches = (q.sv / 30.4) * season * rng.logNormal(0.2);
      for (const [rank, result] of snapshot.entries()) {
        // A second result of the site on the page is seen less (below the first).
        const reach = searches * seen(result.position) * (rank === 0 ? 1 : 0.5);
        input.countries.forEach((country, c) => {
          for (const d of DEVICES) {
            const impressions = poisson(rng, reach * d.share * (COUNTRY_SHARES[c] ?? 0));
            if (impressions === 0) continue;
            const position = Math.max(1, result.position + d.positionShift + 0.35 * rng.normal());
            const rate = Math.min(
              0.75,
              ctrAt(DEFAULT_CTR_MODEL, Math.min(100, Math.round(position))) * appeal.get(query)! * d.ctr,
            );
            const clicks = binomial(rng, impressions, rate);
            rows.push({
              keys: [date, query, result.url, country, d.device],
              clicks,
              impressions,
              ctr: clicks / impressions,
              position: Math.round(position * 100) / 100,
            });
          }
        });
      }
    }
  }
  return rows;
}
