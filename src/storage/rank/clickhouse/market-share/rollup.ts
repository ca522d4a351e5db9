// The market rollup ms_roll on ClickHouse (MARKET_ROLL, ../../derived-tables.ts): its rows built from the
// declaration's keys and measure, and its partitions staged inside every staged write by derived.ts's
// stageDerived (the publish point atomic.ts's commitWrite runs), so they are published by the same journal,
// swaps and recovery as the write. Refresh units: a (market, date) partition is rebuilt when the write
// replaces that date's results; every other date of the market when it changes the volume of a keyword with
// stored results, since the sums carry the volumes.
import { columnsOf, MARKET_ROLL } from '../../derived-tables';
import type { StagedWrite } from '../atomic';
import { count } from '../cv/sql';
import type { ChContext } from '../context';
import { lit } from '../escape';
import type { Shard } from '../topology';

const KEYS = MARKET_ROLL.keys.map((c) => c.name).join(', ');
const COLUMNS = columnsOf(MARKET_ROLL)
  .map((c) => c.name)
  .join(', ');

/**
 * INSERT of the rollup rows of one (market, date) from the results table `results` and the keyword table
 * `keywords` (keywords of unknown volume add nothing, as in the raw read).
 */
export function marketRollInsert(
  into: string,
  mid: number,
  date: string,
  tables: { results: string; keywords: string },
): string {
  const m = lit(mid);
  return `INSERT INTO ${into} (${COLUMNS})
    SELECT toUInt16(${m}) AS market_id, date, domain_id, position, sum(sv) AS sv
    FROM (SELECT keyword_id, date, domain_id, position FROM ${tables.results}
          WHERE market_id = ${m} AND date = ${lit(date)})
    ANY INNER JOIN (SELECT id AS keyword_id, assumeNotNull(sv) AS sv FROM ${tables.keywords}
                    WHERE market_id = ${m} AND isNotNull(sv)) USING keyword_id
    GROUP BY ${KEYS}`;
}

/** What one write changes in one market (derived.ts): quoted staging tables by results date, and keywords. */
export interface RollChange {
  shard: Shard;
  results: ReadonlyMap<string, string>;
  keywords: string | null;
}

/**
 * True when the staged keyword table changes the volume of a keyword with stored results (dropped or not yet
 * stored counts as no volume: a transfer may store results before their keywords).
 */
async function volumesChange(ctx: ChContext, mid: number, change: RollChange): Promise<boolean> {
  if (change.keywords === null) return false;
  const m = lit(mid);
  const volumes = (table: string, v: string) =>
    `(SELECT id, ifNull(toInt64(sv), -1) AS ${v}, toUInt8(1) AS has_${v} FROM ${table} WHERE market_id = ${m})`;
  const r = await change.shard.server.one(
    `SELECT count() AS n FROM (
       SELECT id, if(has_a = 1, a, -2) AS before FROM (
         SELECT DISTINCT keyword_id AS id FROM ${ctx.local('serp_keyword_dates')} WHERE market_id = ${m}
       ) ANY LEFT JOIN ${volumes(ctx.local('keywords'), 'a')} USING id
     ) ANY LEFT JOIN ${volumes(change.keywords, 'b')} USING id
     WHERE before != if(has_b = 1, b, -2)`,
  );
  return count(r.n) > 0;
}

/**
 * Stages the market rollup's partitions of one market that the write calls for; `otherDates` lists the
 * market's stored dates the write does not replace (asked only when volumes change).
 */
export async function stageMarketRoll(
  ctx: ChContext,
  write: StagedWrite,
  mid: number,
  change: RollChange,
  otherDates: () => Promise<string[]>,
): Promise<void> {
  const { shard } = change;
  const others = (await volumesChange(ctx, mid, change)) ? await otherDates() : [];
  if (change.results.size === 0 && others.length === 0) return;
  const stage = await write.stage(shard, 'ms_roll');
  const keywords = change.keywords ?? ctx.local('keywords');
  const live = ctx.local('serp_results');
  const dates: [string, string][] = [...change.results, ...others.map((d): [string, string] => [d, live])];
  for (const [d, results] of dates.sort((a, b) => a[0].localeCompare(b[0]))) {
    await shard.server.command(marketRollInsert(stage, mid, d, { results, keywords }));
    write.replace(shard, 'ms_roll', `(${lit(mid)}, ${lit(d)})`);
  }
}
