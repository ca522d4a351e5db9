// The host's keywords at one date for hostPoint (host-point.ts), in two temporary tables that the keyword,
// URL and league reads share: HOST_KEYWORDS, one row per keyword (keyword_id, date of the snapshot it uses,
// sv, and a key k1, k2), and HOST_SCORES, one row per key (k1, k2, best: the best position, 1-based, and c:
// Σ ctr over the positions), so a keyword's VS is sv × c of its key. Two ways to the same tables:
// - from masks, for a registrable domain whose keywords all use the snapshots dated `date`: its rows of
//   serp_by_domain at the date (one range of row groups) grouped by keyword into its positions as masks, and
//   the key is the mask (a few dozen distinct); the host's results are then read from the same range;
// - from its used rows (host-rows.ts) otherwise (a host, a path, or snapshots of earlier days), materialised
//   in AT and grouped by keyword; the key is the best position and c itself.
// Units: sv monthly searches, VS estimated monthly clicks.
import { MAX_POSITION } from '@core/ctr';
import { Binds, dateLit } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { positionBits } from '../dims';
import { fastAt, usedRows, type HostScope } from './host-rows';

/** The host's used rows at the date (the path from used rows): keyword_id, date, position, url_id. */
const AT = 've_at';
/** The host's keywords at the date: keyword_id, date, sv, k1, k2. */
export const HOST_KEYWORDS = 've_kw';
/** The keys of HOST_KEYWORDS: k1, k2, best, c. */
export const HOST_SCORES = 've_scores';

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

/** HOST_KEYWORDS and HOST_SCORES, built one of the two ways, and how to read the host's results beside them. */
export interface HostKeywords {
  /** SQL of the host's results at the date: keyword_id, position, url_id. */
  results: string;
  /** Every keyword uses the snapshot dated `date`. */
  fast: boolean;
  /** maskTotal, when the masks way computed it on the way (the league needs it too). */
  total: number | null;
  /** The masks way: HOST_KEYWORDS are every keyword of the registrable domain at the date. */
  ownRows: boolean;
  /** Drops the temporary tables. */
  drop: () => Promise<void>;
}

async function dropAll(s: Session): Promise<void> {
  for (const table of [HOST_KEYWORDS, HOST_SCORES, AT]) await s.run(`DROP TABLE IF EXISTS ${table}`);
}

/**
 * The masks way, or null when a snapshot of the host's keywords repeats a position: the masks count it once
 * where the results count it twice. The check is the league's total (maskTotal), which the league then
 * reuses.
 */
async function fromMasks(s: Session, scope: HostScope, date: string, c: Binds, ctr: string) {
  const at = (r: string) =>
    `${r}market_id = ${scope.mid} AND ${r}domain_id = ${scope.domainId} AND ${r}date = ${dateLit(date)}`;
  const bits = positionBits('r.position');
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${HOST_KEYWORDS} AS
     SELECT m.keyword_id, ${dateLit(date)} AS date, k.sv, m.lo AS k1, m.hi AS k2
     FROM (SELECT r.keyword_id, ${bits.lo} AS lo, ${bits.hi} AS hi FROM serp_by_domain r WHERE ${at('r.')}
       GROUP BY r.keyword_id) m
     JOIN keywords k ON k.id = m.keyword_id`,
  );
  // A statement of its own: in one with the keywords, DuckDB summed each mask's CTR once per keyword.
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${HOST_SCORES} AS
     SELECT lo AS k1, hi AS k2, ${MASK_BEST} AS best, ${maskCtr(ctr)} AS c
     FROM (SELECT DISTINCT k1 AS lo, k2 AS hi FROM ${HOST_KEYWORDS})`,
    c.values,
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
     SELECT g.keyword_id, g.date, k.sv, g.best AS k1, g.c AS k2 FROM (
       SELECT keyword_id, any_value(date) AS date, min(position) AS best, sum(${ctr}[position]) AS c
       FROM ${AT} GROUP BY keyword_id) g
     JOIN keywords k ON k.id = g.keyword_id`,
    c.values,
  );
  await s.run(
    `CREATE OR REPLACE TEMP TABLE ${HOST_SCORES} AS SELECT DISTINCT k1, k2, k1 AS best, k2 AS c FROM ${HOST_KEYWORDS}`,
  );
  return { results: `SELECT keyword_id, position, url_id FROM ${AT}`, fast: used.fast };
}

/** Builds HOST_KEYWORDS and HOST_SCORES for the target at the date; `c` binds the CTR list `ctr`. */
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
      if (masks !== null) return { ...masks, fast: true, ownRows: true, drop };
    }
    return { ...(await fromUsedRows(db, s, scope, date, c, ctr)), total: null, ownRows: false, drop };
  } catch (e) {
    await drop();
    throw e;
  }
}
