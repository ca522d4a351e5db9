// The host's keywords at one date for hostPoint (host-point.ts), in a temporary table HOST_KEYWORDS that the
// keyword, URL and league reads share: keyword_id, date (of the snapshot it uses), best (its best position,
// 1-based), sv, and vs (sv × Σ ctr over its positions there). Two ways to the same table:
// - from masks, for a registrable domain whose keywords all use the snapshots dated `date`: its rows of
//   serp_domain_masks are one per keyword already, so nothing is grouped; the host's results are then read
//   straight from serp_by_domain;
// - from its used rows (host-rows.ts) otherwise (a host, a path, or snapshots of earlier days), materialised
//   in AT and grouped by keyword.
// Units: sv monthly searches, VS estimated monthly clicks.
import { MAX_POSITION } from '@core/ctr';
import { Binds, dateLit } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { fastAt, usedRows, type HostScope } from './host-rows';

/** The host's used rows at the date (the path from used rows): keyword_id, date, position, url_id. */
const AT = 've_at';
/** The masks way's steps: the host's keywords with their masks (keyword_id, lo, hi, sv), the masks. */
const MASKED = 've_km';
const MASKS = 've_masks';
/** The host's keywords at the date: keyword_id, date, best, sv, vs. */
export const HOST_KEYWORDS = 've_kw';

/** Whether bit `p` (a position, 1-based) is set in masks `lo`, `hi` (positionBits), as SQL (0 or 1). */
const BIT = `(CASE WHEN p < 64 THEN (lo >> p) & 1 ELSE (hi >> (p - 64)) & 1 END)`;

/** Σ ctr(p) over the positions set in masks `lo` and `hi`, as SQL. */
export const maskCtr = (ctr: string) =>
  `list_sum([${BIT} * ${ctr}[p] FOR p IN range(1, ${MAX_POSITION + 1})])`;

/** The lowest position set in masks `lo` and `hi`, as SQL. */
const MASK_BEST = `list_min([p FOR p IN range(1, ${MAX_POSITION + 1}) IF ${BIT} = 1])`;

/**
 * Σ ctr(p) × sv over every result of the snapshots of HOST_KEYWORDS dated `date`, from their position masks
 * (serp_keyword_dates); null when a snapshot repeats a position (its mask would count it once).
 */
export async function maskTotal(s: Session, scope: HostScope, date: string, c: Binds, ctr: string) {
  const row = await s.one(
    `WITH m AS (
       SELECT d.lo, d.hi, bool_or(bit_count(d.lo) + bit_count(d.hi) <> d.results) AS repeats, sum(x.sv) AS sv
       FROM ${HOST_KEYWORDS} x JOIN serp_keyword_dates d ON d.keyword_id = x.keyword_id
       WHERE d.market_id = ${scope.mid} AND d.date = ${dateLit(date)} GROUP BY d.lo, d.hi)
     SELECT coalesce(bool_or(repeats), false) AS repeats, coalesce(sum(sv * ${maskCtr(ctr)}), 0) AS total
     FROM m`,
    c.values,
    c.types,
  );
  return row.repeats === true ? null : Number(row.total);
}

/** HOST_KEYWORDS, built one of the two ways, and how to read the host's results beside it. */
export interface HostKeywords {
  /** SQL of the host's results at the date: keyword_id, position, url_id. */
  results: string;
  /** Every keyword uses the snapshot dated `date`. */
  fast: boolean;
  /** maskTotal, when the masks way computed it on the way (the league needs it too). */
  total: number | null;
  /** Drops the temporary tables. */
  drop: () => Promise<void>;
}

async function dropAll(s: Session): Promise<void> {
  for (const table of [HOST_KEYWORDS, AT, MASKED, MASKS]) await s.run(`DROP TABLE IF EXISTS ${table}`);
}

/**
 * The masks way, or null when a snapshot of the host's keywords repeats a position: the masks count it once
 * where the results count it twice. The check is the league's total (maskTotal), which the league then
 * reuses.
 */
async function fromMasks(s: Session, scope: HostScope, date: string, c: Binds, ctr: string) {
  const at = (r: string) =>
    `${r}market_id = ${scope.mid} AND ${r}domain_id = ${scope.domainId} AND ${r}date = ${dateLit(date)}`;
  // The keywords' masks, then Σ ctr and the best position per distinct mask (a few dozen), then the two
  // joined: three statements, as DuckDB otherwise moved the per-mask sums after the join, one per keyword.
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${MASKED} AS
     SELECT m.keyword_id, m.lo, m.hi, k.sv FROM serp_domain_masks m JOIN keywords k ON k.id = m.keyword_id
     WHERE ${at('m.')}`,
  );
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${MASKS} AS
     SELECT lo, hi, ${maskCtr(ctr)} AS c, ${MASK_BEST} AS best FROM (SELECT DISTINCT lo, hi FROM ${MASKED})`,
    c.values,
  );
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${HOST_KEYWORDS} AS
     SELECT m.keyword_id, ${dateLit(date)} AS date, x.best, m.sv, coalesce(m.sv, 0) * x.c AS vs
     FROM ${MASKED} m JOIN ${MASKS} x ON x.lo = m.lo AND x.hi = m.hi`,
  );
  const total = await maskTotal(s, scope, date, c, ctr);
  if (total === null) return null;
  return { results: `SELECT keyword_id, position, url_id FROM serp_by_domain WHERE ${at('')}`, total };
}

/** The used-rows way. */
async function fromUsedRows(db: DuckDb, s: Session, scope: HostScope, date: string, c: Binds, ctr: string) {
  const b = new Binds();
  const used = await usedRows(db, s, scope, b, [date]);
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${AT} AS SELECT keyword_id, date, position, url_id FROM (${used.sql})`,
    b.values,
  );
  // A keyword uses one snapshot at a point, so its rows share one date.
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${HOST_KEYWORDS} AS
     SELECT g.keyword_id, g.date, g.best, k.sv, coalesce(k.sv, 0) * g.c AS vs FROM (
       SELECT keyword_id, any_value(date) AS date, min(position) AS best, sum(${ctr}[position]) AS c
       FROM ${AT} GROUP BY keyword_id) g
     JOIN keywords k ON k.id = g.keyword_id`,
    c.values,
  );
  return { results: `SELECT keyword_id, position, url_id FROM ${AT}`, fast: used.fast };
}

/** Builds HOST_KEYWORDS for the target at the date; `c` binds the CTR list `ctr`. */
export async function hostKeywords(
  db: DuckDb,
  s: Session,
  scope: HostScope,
  date: string,
  c: Binds,
  ctr: string,
): Promise<HostKeywords> {
  const drop = () => dropAll(s);
  try {
    if (scope.hostId === null && (await fastAt(db, s, scope, [date]))) {
      const masks = await fromMasks(s, scope, date, c, ctr);
      if (masks !== null) return { ...masks, fast: true, drop };
    }
    return { ...(await fromUsedRows(db, s, scope, date, c, ctr)), total: null, drop };
  } catch (e) {
    await drop();
    throw e;
  }
}
