// The visibility-explorer reads of the DuckDB RankStore (visibility-explorer-reads.ts). A target's results
// come from serp_by_domain (sorted by market, domain, date, keyword, so one domain prunes row groups by
// min/max); snapshot lists from serp_keyword_dates and serp_snapshots, so only the per-domain sums read
// serp_results, and then only the chosen (keyword, date) snapshots. Market, dates and ids are literals so
// that DuckDB can prune by them.
import { addDays } from '@core/date-range';
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { resultTypeOf } from '@core/result-types';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  VeDomainScores,
  VeMeasured,
  VeResult,
  VeSnapshot,
  VeSuggestion,
  VisibilityExplorerReads,
} from '../../../visibility-explorer-reads';
import { checkMarket, RankInputError } from '../../input';
import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import { Binds, dateLit, isoOf } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { marketId } from '../dims';
import { checkCtr, checkLimit, fastPoints } from '../../ve-input';

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
  return db.exclusive(async (s) => {
    const mid = await marketId(s, market);
    return mid === null ? empty : fn(s, mid);
  });
}

async function snapshotDates(db: DuckDb, market: string, start: string, end: string): Promise<string[]> {
  return inMarket(db, market, [], (s, mid) => datesIn(s, mid, start, end));
}

/** Dates in [lo, hi] with a snapshot in the market (serp_snapshots rollup), ascending. */
async function datesIn(s: Session, mid: number, lo: string, hi: string): Promise<string[]> {
  const rows = await s.all(
    `SELECT DISTINCT ${isoOf('date')} AS d FROM serp_snapshots
     WHERE market_id = ${mid} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)} AND keywords > 0 ORDER BY d`,
  );
  return rows.map((r) => String(r.d));
}

async function measured(db: DuckDb, market: string, points: readonly string[]): Promise<VeMeasured[]> {
  if (points.length === 0) return [];
  const lits = points.map(dateLit);
  return inMarket(db, market, [], async (s, mid) => {
    const sorted = [...points].sort();
    const dates = await datesIn(s, mid, addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS), sorted.at(-1)!);
    // When no point's window holds an older snapshot date than the point itself, each keyword measured at a
    // point uses the snapshot of that very date: one pass over those dates, no per-keyword maximum.
    const used = fastPoints(points, dates)
      ? `SELECT date AS point, keyword_id FROM serp_keyword_dates
         WHERE market_id = ${mid} AND date IN (${lits.join(', ')})`
      : `SELECT DISTINCT p.point, s.keyword_id
         FROM (SELECT unnest([${lits.join(', ')}]) AS point) p
         JOIN serp_keyword_dates s ON s.market_id = ${mid}
           AND s.date BETWEEN p.point - ${MAX_SNAPSHOT_AGE_DAYS} AND p.point`;
    const rows = await s.all(
      `SELECT ${isoOf('u.point')} AS d, count(*) AS n, count(*) - count(k.sv) AS unknown,
         coalesce(sum(k.sv), 0) AS sv
       FROM (${used}) u JOIN keywords k ON k.id = u.keyword_id GROUP BY u.point`,
    );
    const byDate = new Map(rows.map((r) => [String(r.d), r]));
    return points.map((date) => {
      const r = byDate.get(date);
      return {
        date,
        keywords: Number(r?.n ?? 0),
        unknownVolume: Number(r?.unknown ?? 0),
        searchVolume: Number(r?.sv ?? 0),
      };
    });
  });
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

async function domainScores(
  db: DuckDb,
  market: string,
  snapshots: readonly VeSnapshot[],
  ctr: readonly number[],
  limit: number,
): Promise<VeDomainScores> {
  checkCtr(ctr);
  checkLimit(limit);
  if (snapshots.length === 0) return { total: 0, rows: [] };
  // Grouped by date so that each branch reads one snapshot date's row groups for a short id list.
  const byDate = new Map<string, number[]>();
  for (const x of snapshots) {
    const ids = byDate.get(x.date);
    if (ids === undefined) byDate.set(x.date, [x.keywordId]);
    else ids.push(x.keywordId);
  }
  return inMarket(db, market, { total: 0, rows: [] }, async (s, mid) => {
    const b = new Binds();
    const c = b.doubles(ctr);
    const picked = [...byDate]
      .map(
        ([d, ids]) => `SELECT keyword_id, position, domain_id FROM serp_results
          WHERE market_id = ${mid} AND date = ${dateLit(d)}
            AND keyword_id IN (SELECT unnest(${idList(b, ids)}))`,
      )
      .join(' UNION ALL ');
    // The picked rows are kept once; sums per domain need no distinct keywords, so those are counted only
    // for the `limit` domains shown (a distinct count over every domain × keyword pair cost 4× the sums).
    await s.all(
      `CREATE OR REPLACE TEMP TABLE ve_picked AS
       SELECT r.keyword_id, r.domain_id, k.sv * ${c}[r.position] AS v
       FROM (${picked}) r JOIN keywords k ON k.id = r.keyword_id`,
      b.values,
      b.types,
    );
    try {
      const rows = await s.all(
        `WITH sums AS (SELECT domain_id, coalesce(sum(v), 0) AS vs FROM ve_picked GROUP BY domain_id),
           top AS (SELECT d.id, d.domain, m.vs, sum(m.vs) OVER () AS total FROM sums m
             JOIN domains d ON d.id = m.domain_id
             ORDER BY round(m.vs, ${CV_TIE_DIGITS}) DESC, d.domain LIMIT ${limit}),
           kc AS (SELECT p.domain_id, count(DISTINCT p.keyword_id) AS keywords
             FROM ve_picked p SEMI JOIN top t ON t.id = p.domain_id GROUP BY p.domain_id)
         SELECT t.domain, t.vs, t.total, kc.keywords FROM top t JOIN kc ON kc.domain_id = t.id
         ORDER BY round(t.vs, ${CV_TIE_DIGITS}) DESC, t.domain`,
      );
      const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
      return {
        total,
        rows: rows.map((r) => ({
          domain: String(r.domain),
          keywords: Number(r.keywords),
          visibilityScore: Number(r.vs),
        })),
      };
    } finally {
      await s.run('DROP TABLE IF EXISTS ve_picked');
    }
  });
}

async function autocomplete(
  db: DuckDb,
  market: string,
  text: string,
  limit: number,
): Promise<VeSuggestion[]> {
  checkLimit(limit);
  return inMarket(db, market, [], async (s) => {
    const b = new Binds();
    const q = b.string(text.trim().toLowerCase());
    const rows = await s.all(
      `SELECT value, kind FROM (
         SELECT domain AS value, 'domain' AS kind FROM domains WHERE contains(domain, ${q})
         UNION ALL
         SELECT host AS value, 'host' AS kind FROM hosts WHERE contains(host, ${q})
           AND host NOT IN (SELECT domain FROM domains WHERE contains(domain, ${q}))
       ) ORDER BY starts_with(value, ${q}) DESC, length(value), value LIMIT ${limit}`,
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
    domainScores: (market, snaps, ctr, limit) => domainScores(db, market, snaps, ctr, limit),
    autocomplete: (market, text, limit) => autocomplete(db, market, text, limit),
  };
}
