// The first call of every campaign-visibility query (run.ts): it stages the keyword set (cv_kw) and reads
// back what the query needs to know before its own SQL — the market id, the keyword counts, whether the
// campaign rollup holds the set and its dates (rollup-plan.ts), the ids of the targets' domains and hosts,
// and the declared domains the campaign's copy holds (tracked-hits.ts). The emitters write the target
// filters found into their SQL as ids and quoted path prefixes (plan-emit.ts, literalMatchSql). Only values
// from the request (tags, groups, keyword texts, host names) are bound. The facts are memoised until the
// next write (DuckDb.memoised): most queries of a screen ask the same, and reading them back took 4–5 ms of
// every query.
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { addDays } from '@core/date-range';
import type { CvTarget } from '../../../campaign-visibility-reads';
import type { ReadScope } from '../../plan/scope';
import { sqlString, type DuckDb, type Session, type Value } from '../db';
import { SIGNATURE_SQL } from './rollup';
import { Binds, dateLit, dateOfDay, daysOf } from './sql';
import { copiedDomainsSql } from './tracked-hits';

/** Host-match kinds of a found filter (FoundFilter.kind). */
export const KIND_DOMAIN = 0;
export const KIND_HOST = 1;
export const KIND_PATH = 2;

/** One date of the campaign rollup (cv_roll_dates). */
export interface RollDate {
  date: string;
  /** Keywords with a snapshot on the date, and with one within its window. */
  keywords: number;
  window: number;
  /** Σ volume of the keywords with a snapshot on the date. */
  sv: number;
}

/** The targets: how many, and the registrable-domain ids every matching result must carry. */
export interface TargetSet {
  count: number;
  domainIds: number[];
  /** True when some target has more than one filter, so one result may match a target twice. */
  overlapping: boolean;
  /** The host-match kinds (KIND_…) of the filters found, ascending. */
  kinds: number[];
  /** The registrable-domain ids of the path filters found, ascending. */
  pathDomainIds: number[];
}

/** A target filter found in the store: target index t, host-match kind (KIND_…), ids, path prefix. */
export interface FoundFilter {
  t: number;
  kind: number;
  domainId: number;
  /** Null for KIND_DOMAIN. */
  hostId: number | null;
  /** The path prefix of KIND_PATH, else null. */
  path: string | null;
}

/** A statement the run sends before its first query, with its bound values. */
export interface Staging {
  sql: string;
  binds: Binds;
}

/** What the prologue learnt. */
export interface Facts {
  marketId: number;
  /** Keywords in the set, and those of unknown volume. */
  keywords: { n: number; unknown: number };
  /**
   * The rollup's dates in the loaded window (ascending) when the rollup holds the whole keyword set as it is
   * now (the set is the whole campaign and the signature matches), else null.
   */
  roll: { lo: string; hi: string; dates: RollDate[] } | null;
  targets: TargetSet;
  /** The target filters found in the store, which the emitters write into their SQL as literals. */
  found: FoundFilter[];
  /** cv_kw as a query when the prologue left it to the run (lazy, or memoised facts), else null. */
  keywordSet: Staging | null;
  /** Domain ids the campaign's copy holds: its declared domains stored so far (campaign_domains). */
  copied: number[];
}

interface Filter {
  t: number;
  kind: number;
  /** Registrable domain for KIND_DOMAIN, host otherwise. */
  name: string;
  path: string | null;
}

/** The host-match filters of the targets; target i of the list is index i. */
function filtersOf(targets: readonly CvTarget[]): Filter[] {
  return targets.flatMap((target, t) =>
    target.filters.map((f) => ({
      t,
      kind: f.kind === 'domain' ? KIND_DOMAIN : f.kind === 'host' ? KIND_HOST : KIND_PATH,
      name: f.kind === 'domain' ? f.domain : f.host,
      path: f.kind === 'path' ? (f.path ?? '') : null,
    })),
  );
}

/**
 * The campaign's keywords in its market (every keyword of the market without a campaign) that pass the tag,
 * group and text filters: (keyword_id, sv).
 */
function keywordsSql(scope: ReadScope, market: string, b: Binds): string {
  const cid = scope.campaignId;
  // Tags and groups are a campaign's: without one they match no keyword.
  const id = cid === null ? 'k.id' : 'c.keyword_id';
  const where: string[] = [];
  const tags = [...new Set(scope.tags)];
  if (tags.length > 0) {
    const all = scope.tagsMatch === 'all' && tags.length > 1;
    where.push(`${id} IN (
      SELECT kt.keyword_id FROM campaign_keyword_tags kt
      JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id
      WHERE kt.campaign_id = ${cid} AND t.tag IN (SELECT unnest(${b.strings(tags)}))
      GROUP BY kt.keyword_id${all ? ` HAVING count(DISTINCT t.tag) = ${tags.length}` : ''})`);
  }
  if (scope.groups.length > 0) {
    where.push(`${id} IN (
      SELECT kg.keyword_id FROM campaign_keyword_groups kg
      JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id
      WHERE kg.campaign_id = ${cid} AND g.label IN (SELECT unnest(${b.strings([...new Set(scope.groups)])})))`);
  }
  if (scope.keywords.length > 0) {
    where.push(`k.text IN (SELECT unnest(${b.strings([...new Set(scope.keywords)])}))`);
  }
  // The texts stay in keywords: a VARCHAR column costs more to stage than the rest, and only a few rows
  // of a query's answer need them.
  const rest = where.map((w) => ` AND ${w}`).join('');
  const mid = `(SELECT id FROM markets WHERE code = ${market})`;
  if (cid === null)
    return `SELECT k.id AS keyword_id, k.sv FROM keywords k WHERE k.market_id = ${mid}${rest}`;
  return `SELECT c.keyword_id, k.sv FROM campaign_keywords c JOIN keywords k ON k.id = c.keyword_id
    WHERE c.campaign_id = ${cid} AND c.market_id = ${mid}${rest}`;
}

/**
 * The ids of the named domains and hosts that exist in the store, as lists of [1-based place in the names,
 * domain id] and [place, domain id, host id]; each list is read only when a filter of its kind is there.
 */
function lookupSql(domains: readonly string[], hosts: readonly string[], b: Binds): string {
  const of = (names: readonly string[], sql: (list: string) => string) =>
    names.length === 0 ? 'NULL' : `(${sql(b.strings(names))})`;
  const found = of(
    domains,
    (list) =>
      `SELECT list([list_position(${list}, d.domain), d.id]) FROM domains d WHERE list_contains(${list}, d.domain)`,
  );
  const foundHosts = of(
    hosts,
    (list) =>
      `SELECT list([list_position(${list}, h.host), h.domain_id, h.id]) FROM hosts h WHERE list_contains(${list}, h.host)`,
  );
  return `${found} AS domains_found, ${foundHosts} AS hosts_found`;
}

/**
 * The read-back query over the keyword set `kw` (cv_kw, or its query when left to the run); `whole` when
 * the set is the whole campaign, so the rollup may hold it. Rollup dates come as [day, keywords, window,
 * sv] lists: one ordered list costs a fraction of four.
 */
function factsSql(
  scope: ReadScope,
  market: string,
  kw: string,
  whole: boolean,
  window: { lo: string; hi: string },
  lookup: string,
): string {
  // A market's set has no rollup of its own here, nor a campaign copy (NULL matches no campaign).
  const cid = scope.campaignId ?? 'NULL';
  return `WITH m AS (SELECT id FROM markets WHERE code = ${market}),
    k AS (SELECT count(*) AS n, count(sv) AS known${whole ? `, ${SIGNATURE_SQL} AS sig` : ''} FROM ${kw})
    SELECT m.id AS market_id, k.n, k.n - k.known AS unknown,
      ${whole ? 'coalesce(st.keywords = k.n AND st.sig = k.sig, false)' : 'false'} AS covered,
      (SELECT list([${daysOf('date')}, keywords, window_keywords, sv] ORDER BY date) FROM cv_roll_dates
       WHERE campaign_id = ${cid} AND date BETWEEN ${dateLit(window.lo)} AND ${dateLit(window.hi)}) AS roll,
      ${lookup}, (${scope.campaignId === null ? 'NULL' : copiedDomainsSql(scope.campaignId)}) AS copied
    FROM m CROSS JOIN k LEFT JOIN cv_roll_state st ON st.campaign_id = ${cid} AND st.market_id = m.id`;
}

const numbers = (v: Value | undefined): number[] => (Array.isArray(v) ? v.map(Number) : []);
const ascending = (list: Iterable<number>) => [...new Set(list)].sort((x, y) => x - y);

/**
 * Stages cv_kw (unless `lazy` and the set is the whole campaign, or the facts were memoised: then the run
 * stages it when a query first reads it) and returns the facts, or null when the market holds no data at
 * all. `dates` are the dates the query asks about: the rollup's dates are loaded from a snapshot window
 * before the first.
 */
export async function prologue(
  db: DuckDb,
  s: Session,
  scope: ReadScope,
  targets: readonly CvTarget[],
  dates: readonly string[],
  lazy: boolean,
): Promise<Facts | null> {
  if (dates.length === 0) throw new RangeError('a campaign-visibility query needs the dates it asks about');
  const market = sqlString(scope.market); // a checked market code (run.ts)
  const sorted = [...dates].sort();
  const window = { lo: addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS), hi: sorted[sorted.length - 1]! };
  const whole = scope.tags.length === 0 && scope.groups.length === 0 && scope.keywords.length === 0;
  const filters = filtersOf(targets);
  // Each name once: a list_contains scan finds it, and every filter naming it takes its ids.
  const named = (kinds: number[]) => [
    ...new Set(filters.filter((f) => kinds.includes(f.kind)).map((f) => f.name)),
  ];
  const domains = named([KIND_DOMAIN]);
  const hosts = named([KIND_HOST, KIND_PATH]);
  const bk = new Binds();
  const keywords = keywordsSql(scope, market, bk);
  const create = `CREATE OR REPLACE TEMP TABLE cv_kw AS ${keywords}`;
  const bf = new Binds();
  const lookup = lookupSql(domains, hosts, bf);
  const inline = lazy && whole;
  const facts = factsSql(scope, market, inline ? `(${keywords})` : 'cv_kw', whole, window, lookup);
  // The facts change only with the stored data: a query asking what an earlier one asked since the last
  // write takes its answer, and its keyword set is then staged when first read.
  let staged = false;
  const key = JSON.stringify([keywords, bk.values, facts, bf.values]);
  const r = await db.memoised(key, async () => {
    if (inline) return (await s.all(facts, bf.values, bf.types))[0];
    // Values bind to the last statement of a text only: bound filters make the keyword set a call of its own.
    if (bk.values.length > 0) await s.all(create, bk.values, bk.types);
    staged = true;
    return (await s.all(bk.values.length > 0 ? facts : `${create};\n${facts}`, bf.values, bf.types))[0];
  });
  if (r === undefined || r.market_id === null) return null;
  // Ids by kind and name, then per filter.
  const ids = new Map<string, { domainId: number; hostId: number | null }>();
  for (const x of Array.isArray(r.domains_found) ? r.domains_found : []) {
    const [place, domainId] = Array.isArray(x) ? x.map(Number) : [];
    ids.set(`${KIND_DOMAIN} ${domains[place! - 1]}`, { domainId: domainId!, hostId: null });
  }
  for (const x of Array.isArray(r.hosts_found) ? r.hosts_found : []) {
    const [place, domainId, hostId] = Array.isArray(x) ? x.map(Number) : [];
    ids.set(`${KIND_HOST} ${hosts[place! - 1]}`, { domainId: domainId!, hostId: hostId! });
  }
  const found = filters.flatMap(({ t, kind, name, path }): FoundFilter[] => {
    const id = ids.get(`${kind === KIND_DOMAIN ? KIND_DOMAIN : KIND_HOST} ${name}`);
    return id === undefined ? [] : [{ t, kind, path, ...id }];
  });
  const roll = (Array.isArray(r.roll) ? r.roll : []).map((x) => (Array.isArray(x) ? x.map(Number) : []));
  return {
    marketId: Number(r.market_id),
    keywords: { n: Number(r.n), unknown: Number(r.unknown) },
    roll:
      r.covered === true
        ? {
            ...window,
            dates: roll.map(([day, keywords, win, sv]) => ({
              date: dateOfDay(day!),
              keywords: keywords!,
              window: win!,
              sv: sv!,
            })),
          }
        : null,
    targets: {
      count: targets.length,
      domainIds: ascending(found.map((f) => f.domainId)),
      overlapping: targets.some((t) => t.filters.length > 1),
      kinds: ascending(found.map((f) => f.kind)),
      pathDomainIds: ascending(found.filter((f) => f.kind === KIND_PATH).map((f) => f.domainId)),
    },
    found,
    keywordSet: staged ? null : { sql: keywords, binds: bk },
    copied: numbers(r.copied),
  };
}
