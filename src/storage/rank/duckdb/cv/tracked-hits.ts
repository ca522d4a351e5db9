// Per-campaign copies of the results of the domains a campaign's reads ask about (schema v5), so that the
// matching results of a campaign-visibility read (snapshots.ts, stageHits) come from a few narrow row groups
// instead of one serp_by_domain scan per domain, each decoding whole 122,880-row groups for a few thousand
// rows. cv_dom_hits holds, per campaign, the serp_by_domain rows of its keywords whose registrable domain is
// listed for it in cv_dom_set, sorted by date, domain and keyword. The RankStore does not know a campaign's
// tracked domains (the MetaStore does), so the set is learnt: a read whose domains are not all listed is
// answered from serp_by_domain and queues a build of the missing ones on the write connection — unless the
// server declared the campaign's tracked domains first (prepareHits: at set-up and after the demo), so that
// a campaign's first view answers from the copies too (issue 26: 0.5–0.8 s, then 40 ms). Every write
// that changes a campaign's results, membership or volumes drops its copies (rollup.ts calls dropHits), so a
// copy is never stale: the next read answers from serp_by_domain and queues the rebuild.
import { sqlString, type DuckDb, type Session } from '../db';
import { intList } from './sql';

/** Most domains copied per campaign: beyond it, reads of further domains stay on serp_by_domain. */
export const MAX_COPIED_DOMAINS = 100;

export const TRACKED_HITS_MIGRATION = [
  `CREATE TABLE cv_dom_hits (
    campaign_id INTEGER NOT NULL,
    date DATE NOT NULL,
    domain_id INTEGER NOT NULL,
    keyword_id INTEGER NOT NULL,
    position UTINYINT NOT NULL,
    result_type UTINYINT NOT NULL,
    url_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL
  )`,
  'CREATE TABLE cv_dom_set (campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL)',
];

/** Drops the copies of the campaigns listed in temp table `campaigns` (column campaign_id), or of all. */
export async function dropHits(s: Session, campaigns: string | null): Promise<void> {
  const where = campaigns === null ? '' : ` WHERE campaign_id IN (SELECT campaign_id FROM ${campaigns})`;
  await s.run(`DELETE FROM cv_dom_hits${where}`);
  await s.run(`DELETE FROM cv_dom_set${where}`);
}

/** Campaigns with a build queued or running, per database. */
const building = new WeakMap<DuckDb, Set<number>>();
/** Databases opened with copies turned off (DuckDbRankStoreOptions.domainCopies). */
const off = new WeakSet<DuckDb>();

/** Turns copies off for a database: reads then always scan serp_by_domain and queue nothing. */
export function disableCopies(db: DuckDb): void {
  off.add(db);
}

/** Copies are off for the database: reads use none (the rank-tracking copy included). */
export const copiesOff = (db: DuckDb): boolean => off.has(db.root);

/** Copies the listed domains' rows of the campaign's keywords, unless a write dropped the campaign meanwhile. */
async function build(s: Session, campaignId: number, marketId: number, domainIds: number[]): Promise<void> {
  const listed = new Set(
    (await s.all(`SELECT domain_id FROM cv_dom_set WHERE campaign_id = ${campaignId}`)).map((r) =>
      Number(r.domain_id),
    ),
  );
  const missing = domainIds.filter((d) => !listed.has(d));
  if (missing.length === 0 || listed.size + missing.length > MAX_COPIED_DOMAINS) return;
  await s.run(`INSERT INTO cv_dom_hits
    SELECT ${campaignId}, r.date, r.domain_id, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id
    FROM serp_by_domain r
    WHERE r.market_id = ${marketId} AND r.domain_id IN (${intList(missing)}) AND r.keyword_id IN (
      SELECT keyword_id FROM campaign_keywords WHERE campaign_id = ${campaignId} AND market_id = ${marketId})
    ORDER BY r.date, r.domain_id, r.keyword_id, r.position`);
  await s.run(`INSERT INTO cv_dom_set VALUES ${missing.map((d) => `(${campaignId}, ${d})`).join(', ')}`);
}

/**
 * Copies the campaign's results of these registrable domains now, awaited, in one transaction (domains not
 * stored yet, or a campaign without keywords, copy nothing; the cap holds as for learnt copies).
 */
export async function prepareHits(db: DuckDb, campaignId: number, domains: readonly string[]): Promise<void> {
  if (off.has(db.root) || domains.length === 0) return;
  await db.transaction(async (s) => {
    const market = await s.all(
      `SELECT DISTINCT market_id FROM campaign_keywords WHERE campaign_id = ${campaignId}`,
    );
    if (market.length !== 1) return;
    const ids = await s.all(`SELECT id FROM domains WHERE domain IN (${domains.map(sqlString).join(', ')})`);
    if (ids.length === 0) return;
    await build(
      s,
      campaignId,
      Number(market[0]!.market_id),
      ids.map((r) => Number(r.id)),
    );
  });
}

/** Queues a build of the domains on the write connection, once per campaign at a time; never awaited. */
function queueBuild(db: DuckDb, campaignId: number, marketId: number, domainIds: number[]): void {
  let pending = building.get(db.root);
  if (pending === undefined) building.set(db.root, (pending = new Set()));
  if (pending.has(campaignId)) return;
  pending.add(campaignId);
  db.transaction((s) => build(s, campaignId, marketId, domainIds))
    // A failed build (the store closing, say) only leaves reads on serp_by_domain, which answer the same.
    .catch(() => undefined)
    .finally(() => pending.delete(campaignId));
}

/** The domains copied for the campaign as a list, read with the other facts of a query (prologue.ts). */
export function copiedDomainsSql(campaignId: number): string {
  return `SELECT list(domain_id) FROM cv_dom_set WHERE campaign_id = ${campaignId}`;
}

/**
 * True when every listed domain of the campaign is copied (`copied`, as copiedDomainsSql read it), so
 * cv_dom_hits answers for them; otherwise queues the copy of the missing ones (when the set stays within
 * MAX_COPIED_DOMAINS) and returns false.
 */
export function hitsCopied(
  db: DuckDb,
  campaignId: number,
  marketId: number,
  domainIds: readonly number[],
  copied: readonly number[],
): boolean {
  if (off.has(db.root)) return false;
  const listed = new Set(copied);
  const hit = domainIds.filter((d) => listed.has(d)).length;
  if (hit === domainIds.length) return true;
  // Past the cap no build would copy anything: queue none, rather than an empty transaction per read.
  if (listed.size + domainIds.length - hit <= MAX_COPIED_DOMAINS) {
    queueBuild(db, campaignId, marketId, [...domainIds]);
  }
  return false;
}
