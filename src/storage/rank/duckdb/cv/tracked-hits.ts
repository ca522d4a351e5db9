// The campaign-visibility copy on DuckDB (cv_dom_hits, declared in ../../derived-tables.ts and refreshed by
// ../derived.ts with every write, in the write's transaction): the SELECT that builds a campaign's rows, and
// what a read needs to know to use it. The copy holds, per campaign, the serp_by_domain rows of its keywords
// whose registrable domain the campaign declares (campaign_domains: the server declares its tracked domains
// at set-up, after the demo and whenever they change), so the matching results of a read (snapshots.ts,
// stageHits; rollup-plan.ts, pathRowsSql) come from a few narrow row groups instead of one serp_by_domain
// scan per domain, each decoding whole 122,880-row groups for a few thousand rows. A read of a domain the
// campaign does not declare answers from serp_by_domain; no read writes.
import type { DuckDb } from '../db';
import type { CampaignUnit } from '../derived';
import { intList } from './sql';

/** Schema v5 as it was (the copy learnt from reads); v12 replaces both tables by the declared copy. */
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

/** Databases opened with copies turned off (DuckDbRankStoreOptions.domainCopies). */
const off = new WeakSet<DuckDb>();

/** Turns copies off for a database: reads then always use the raw rows (writes still keep the copies). */
export function disableCopies(db: DuckDb): void {
  off.add(db);
}

/** Copies are off for the database: reads use none (the rank-tracking copy included). */
export const copiesOff = (db: DuckDb): boolean => off.has(db.root);

/** cv_dom_hits rows of one campaign (every column), from the by-domain rows meeting `dates` (SQL on r). */
export function cvCopySource(u: CampaignUnit, dates: string): string {
  const cid = intList([u.campaignId]);
  const mid = intList([u.marketId]);
  return `SELECT ${cid} AS campaign_id, r.date, r.domain_id, r.keyword_id, r.position, r.result_type, r.url_id,
      r.host_id
    FROM serp_by_domain r
    WHERE r.market_id = ${mid} AND r.domain_id IN (${intList(u.domainIds)}) AND ${dates} AND r.keyword_id IN (
      SELECT keyword_id FROM campaign_keywords WHERE campaign_id = ${cid} AND market_id = ${mid})`;
}

/** The ids of the campaign's declared domains stored so far, as a list: those its copy holds (prologue.ts). */
export function copiedDomainsSql(campaignId: number): string {
  return `SELECT list(d.id) FROM campaign_domains cd JOIN domains d ON d.domain = cd.domain
    WHERE cd.campaign_id = ${intList([campaignId])}`;
}

/**
 * The listed domains split into those the campaign's copy holds (`copied`, as copiedDomainsSql read it),
 * which cv_dom_hits answers, and the others (a group naming an untracked domain, say), which serp_by_domain
 * answers: the same rows either way.
 */
export function splitCopied(
  db: DuckDb,
  domainIds: readonly number[],
  copied: readonly number[],
): { copied: number[]; raw: number[] } {
  const listed = new Set(copiesOff(db) ? [] : copied);
  return {
    copied: domainIds.filter((d) => listed.has(d)),
    raw: domainIds.filter((d) => !listed.has(d)),
  };
}
