// The visibility-explorer reads of the DuckDB RankStore (visibility-explorer-reads.ts): the raw reads here,
// the sums over a host's rows in their own files (measured, host-point, ranking-rows), the host's result
// types on the planner (../cv/plan-type-scores.ts, a market's keyword set). A
// target's results come from serp_by_domain (sorted by market, domain, date, keyword, so one domain prunes
// row groups by min/max) and snapshot lists from serp_keyword_dates and serp_snapshots, so only the league
// of a host's snapshots reads serp_results. Market, dates and ids are literals so that DuckDB can prune by
// them.
import type { HostFilter } from '@core/host-match';
import { resultTypeOf } from '@core/result-types';
import type {
  VeResult,
  VeSnapshot,
  VeSuggestion,
  VisibilityExplorerReads,
} from '../../../visibility-explorer-reads';
import { AUTOCOMPLETE_DAYS } from '../../../visibility-explorer-reads';
import { checkMarket, RankInputError } from '../../input';
import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import { DEFAULT_CTR_MODEL } from '@core/metrics';
import { Binds, dateLit, doublesLit, isoOf } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { memoMarketId } from '../dims';
import { checkLimit } from '../../ve-input';
import { hostPoint } from './host-point';
import { hostKeywordRanking, hostUrlRanking } from './ranking-rows';
import { hostTypeScoresByPlan } from '../cv/plan-type-scores';
import { hostTypeScoresOn } from '../../plan/cv-reads';
import { measured } from './measured';
import { marketDates } from './host-rows';

/**
 * Keyword ids as one INTEGER[] parameter: a host may rank on hundreds of thousands of keywords, too many for
 * an IN list of literals that the parser and planner would walk one by one.
 */
function idList(b: Binds, ids: readonly number[]): string {
  for (const v of ids) {
    if (!Number.isSafeInteger(v)) throw new RankInputError(`expected a keyword id, got ${v}`);
  }
  return b.add(listValue([...new Set(ids)]), LIST(INTEGER));
}

/** Runs `fn` with the market's id, or answers `empty` when the store has never seen the market. */
function inMarket<T>(db: DuckDb, market: string, empty: T, fn: (s: Session, mid: number) => Promise<T>) {
  checkMarket(market);
  return db.read(async (s) => {
    const mid = await memoMarketId(db, s, market);
    return mid === null ? empty : fn(s, mid);
  });
}

async function snapshotDates(db: DuckDb, market: string, start: string, end: string): Promise<string[]> {
  return inMarket(db, market, [], (s, mid) => marketDates(db, s, mid, start, end));
}

async function targetResults(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  lo: string,
  hi: string,
): Promise<VeResult[]> {
  const from = dateLit(lo);
  const to = dateLit(hi);
  return inMarket(db, market, [], async (s, mid) => {
    const b = new Binds();
    const dom = await s.all(
      `SELECT id FROM domains WHERE domain = ${b.string(filter.domain)}`,
      b.values,
      b.types,
    );
    if (dom.length === 0) return [];
    const where: string[] = [];
    const bw = new Binds();
    if (filter.kind !== 'domain') {
      where.push(`h.host = ${bw.string(filter.host)}`);
      if (filter.kind === 'path') {
        const p = bw.string(filter.path ?? '');
        where.push(`(x.path = ${p} OR starts_with(x.path, ${p} || '/'))`);
      }
    }
    const rows = await s.all(
      `SELECT r.keyword_id, ${isoOf('r.date')} AS d, r.position, r.result_type, x.url
       FROM serp_by_domain r JOIN urls x ON x.id = r.url_id JOIN hosts h ON h.id = r.host_id
       WHERE r.market_id = ${mid} AND r.domain_id = ${Number(dom[0]!.id)}
         AND r.date BETWEEN ${from} AND ${to}${where.map((w) => ` AND ${w}`).join('')}
       ORDER BY r.keyword_id, r.date, r.position`,
      bw.values,
      bw.types,
    );
    return rows.map((r) => ({
      keywordId: Number(r.keyword_id),
      date: String(r.d),
      position: Number(r.position),
      resultType: resultTypeOf(Number(r.result_type)),
      url: String(r.url),
    }));
  });
}

async function keywordSnapshots(
  db: DuckDb,
  market: string,
  keywordIds: readonly number[],
  lo: string,
  hi: string,
): Promise<VeSnapshot[]> {
  const from = dateLit(lo);
  const to = dateLit(hi);
  if (keywordIds.length === 0) return [];
  return inMarket(db, market, [], async (s, mid) => {
    const b = new Binds();
    const rows = await s.all(
      `SELECT keyword_id, ${isoOf('date')} AS d FROM serp_keyword_dates
       WHERE market_id = ${mid} AND date BETWEEN ${from} AND ${to}
         AND keyword_id IN (SELECT unnest(${idList(b, keywordIds)}))
       ORDER BY keyword_id, date`,
      b.values,
      b.types,
    );
    return rows.map((r) => ({ keywordId: Number(r.keyword_id), date: String(r.d) }));
  });
}

async function autocomplete(
  db: DuckDb,
  market: string,
  text: string,
  limit: number,
): Promise<VeSuggestion[]> {
  checkLimit(limit);
  return inMarket(db, market, [], async (s, mid) => {
    const b = new Binds();
    const q = b.string(text.trim().toLowerCase());
    const ctr = doublesLit(DEFAULT_CTR_MODEL.values);
    // Names first (no result scanned), then the market rollup at its latest date for those names only.
    const rows = await s.all(
      `WITH names AS (
         SELECT domain AS value, 'domain' AS kind, id AS domain_id, NULL::INTEGER AS host_id
         FROM domains WHERE contains(domain, ${q})
         UNION ALL
         SELECT host, 'host', NULL::INTEGER, id FROM hosts WHERE contains(host, ${q})
           AND host NOT IN (SELECT domain FROM domains WHERE contains(domain, ${q}))
       ),
       scored AS (
         SELECT domain_id, host_id, sum(${ctr}[position] * sv) AS vs FROM ve_roll
         WHERE market_id = ${mid}
           AND date > (SELECT max(date) FROM ve_roll WHERE market_id = ${mid}) - ${AUTOCOMPLETE_DAYS}
           AND (domain_id IN (SELECT domain_id FROM names) OR host_id IN (SELECT host_id FROM names))
         GROUP BY ALL
       )
       SELECT n.value, n.kind, sum(s.vs) AS score FROM names n
       JOIN scored s ON (n.kind = 'domain' AND s.domain_id = n.domain_id) OR (n.kind = 'host' AND s.host_id = n.host_id)
       GROUP BY n.value, n.kind
       ORDER BY starts_with(n.value, ${q}) DESC, round(score, 6) DESC, length(n.value), n.value LIMIT ${limit}`,
      b.values,
      b.types,
    );
    return rows.map((r) => ({ value: String(r.value), kind: r.kind === 'domain' ? 'domain' : 'host' }));
  });
}

export function visibilityExplorerReads(db: DuckDb): VisibilityExplorerReads {
  return {
    snapshotDates: (market, start, end) => snapshotDates(db, market, start, end),
    measured: (market, points) => measured(db, market, points),
    targetResults: (market, filter, lo, hi) => targetResults(db, market, filter, lo, hi),
    keywordSnapshots: (market, ids, lo, hi) => keywordSnapshots(db, market, ids, lo, hi),
    hostTypeScores: hostTypeScoresOn((...a) => hostTypeScoresByPlan(db, ...a, null)),
    hostPoint: (market, filter, date, ctr, limit, leagueLimit) =>
      hostPoint(db, market, filter, date, ctr, limit, leagueLimit),
    hostKeywordRanking: (market, filter, start, end, ctr) =>
      hostKeywordRanking(db, market, filter, start, end, ctr),
    hostUrlRanking: (market, filter, start, end, ctr) => hostUrlRanking(db, market, filter, start, end, ctr),
    autocomplete: (market, text, limit) => autocomplete(db, market, text, limit),
  };
}
