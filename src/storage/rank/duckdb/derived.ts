// The DuckDB publish point of the declared derived tables (../derived-tables.ts: the rank-tracking copy
// rt_hits, the campaign-visibility copy cv_dom_hits, the URL dictionary rt_urls read from rt_hits): their
// DDL generated from each declaration, and refreshCopies, the one function through which every write path
// refreshes them (a transfer of the urls table rebuilds the dictionary too). It is reached from the
// two places that already keep the campaign rollups in step — refreshRollupsForSerps (every
// SERP write: imports, rank checks, demo generation, transfers; per campaign and snapshot date) and
// refreshCampaignRollups (membership and volume changes, a deleted campaign; per campaign), both in
// cv/rollup.ts — and from declareCampaignDomains (the tracked domains a campaign's set-up declares). Each runs
// inside the caller's write transaction, so a copy and its inputs always commit together. Reads never write.
import {
  columnsOf,
  CV_COPY,
  DERIVED_TABLES,
  RANK_COPY,
  RANK_URLS,
  type ColumnType,
  type DerivedTable,
} from '../derived-tables';
import type { Session } from './db';
import { sqlString } from './db';
import { dateLit, intList } from './cv/sql';
import { cvCopySource } from './cv/tracked-hits';
import { rankCopySource, rankUrlsSource } from './rankings/copy';

/** DuckDB column types; ids and market ids fit the signed types the fact tables use. */
const TYPES: Record<ColumnType, string> = {
  u8: 'UTINYINT',
  u16: 'SMALLINT',
  u32: 'INTEGER',
  u64: 'UBIGINT',
  date: 'DATE',
  text: 'VARCHAR',
};

/** One campaign as a refresh reads it: its market and the ids of its declared tracked domains stored. */
export interface CampaignUnit {
  campaignId: number;
  marketId: number;
  domainIds: number[];
}

/** The SELECT of a table's columns for one campaign, limited by `dates` (SQL on results alias r, or TRUE). */
type Source = (u: CampaignUnit, dates: string) => string;

const SOURCES: Record<string, Source> = {
  rt_hits: rankCopySource,
  cv_dom_hits: cvCopySource,
  rt_urls: rankUrlsSource,
};

const sourceOf = (t: DerivedTable): Source => {
  const source = SOURCES[t.name];
  if (source === undefined) throw new Error(`derived table ${t.name} has no DuckDB source`);
  return source;
};

/** CREATE TABLE of a declared table. */
export function createTableSql(t: DerivedTable): string {
  const columns = columnsOf(t).map((c) => `${c.name} ${TYPES[c.type]}${c.nullable ? '' : ' NOT NULL'}`);
  return `CREATE TABLE ${t.name} (${columns.join(', ')})`;
}

/** Schema v10: the tracked domains each campaign declares, and the rank-tracking copy (empty until declared). */
export const DERIVED_MIGRATION = [
  'CREATE TABLE campaign_domains (campaign_id INTEGER NOT NULL, domain VARCHAR NOT NULL)',
  createTableSql(RANK_COPY),
];

/** Schema v12: the campaign-visibility copy declared (learnt from reads since v5, with its domain list). */
export const CV_COPY_MIGRATION = [
  'DROP TABLE IF EXISTS cv_dom_set',
  'DROP TABLE IF EXISTS cv_dom_hits',
  createTableSql(CV_COPY),
];

/** Schema v14: the rank-tracking URL dictionary, built by the migration from the stored copies. */
export const RANK_URLS_MIGRATION = ['DROP TABLE IF EXISTS rt_urls', createTableSql(RANK_URLS)];

/** The campaigns listed by `campaignsSql` (column campaign_id) as refresh units; null for those without one. */
async function unitsOf(s: Session, campaignsSql: string): Promise<Map<number, CampaignUnit | null>> {
  const rows = await s.all(`SELECT x.campaign_id,
      (SELECT min(c.market_id) FROM campaign_keywords c WHERE c.campaign_id = x.campaign_id) AS market_id,
      (SELECT list(d.id ORDER BY d.id) FROM campaign_domains cd JOIN domains d ON d.domain = cd.domain
        WHERE cd.campaign_id = x.campaign_id) AS domains
    FROM (SELECT DISTINCT campaign_id FROM (${campaignsSql})) x ORDER BY 1`);
  const out = new Map<number, CampaignUnit | null>();
  for (const r of rows) {
    const domainIds = (Array.isArray(r.domains) ? r.domains : []).map(Number);
    out.set(
      Number(r.campaign_id),
      r.market_id === null || domainIds.length === 0
        ? null
        : { campaignId: Number(r.campaign_id), marketId: Number(r.market_id), domainIds },
    );
  }
  return out;
}

/** Inserts the unit's rows; with `onlyAbsent`, those whose keys the table lacks (an `add` refresh). */
async function insertRows(
  s: Session,
  t: DerivedTable,
  u: CampaignUnit,
  dates: string,
  onlyAbsent = false,
): Promise<void> {
  const columns = columnsOf(t)
    .map((c) => c.name)
    .join(', ');
  const keys = t.keys.map((k) => k.name);
  const absent = onlyAbsent
    ? ` WHERE NOT EXISTS (SELECT 1 FROM ${t.name} y WHERE ${keys.map((k) => `y.${k} = x.${k}`).join(' AND ')})`
    : '';
  await s.run(`INSERT INTO ${t.name} (${columns})
    SELECT ${columns} FROM (${sourceOf(t)(u, dates)}) x${absent} ORDER BY ${keys.join(', ')}`);
}

/** What changed: campaigns to rebuild whole, (campaign, date) pairs to rewrite, or everything. */
export interface CopyChange {
  /** SQL listing campaign_id: every row of each is rewritten. */
  campaigns?: string;
  /** SQL listing (campaign_id, date): those dates of those campaigns are rewritten. */
  dates?: string;
  /** Every table emptied and rebuilt for every campaign with declared domains (restores, migrations). */
  all?: boolean;
}

/**
 * The one refresh of every declared table (see the module comment); runs in the caller's transaction. A
 * migration names the tables that exist at its version (`tables`).
 */
export async function refreshCopies(
  s: Session,
  change: CopyChange,
  tables: readonly DerivedTable[] = DERIVED_TABLES,
): Promise<void> {
  // The units are read once for every table: each refresh costs a few statements per write transaction.
  if (change.all) {
    const units = await unitsOf(s, 'SELECT campaign_id FROM campaign_domains');
    for (const t of tables) {
      await s.run(`DELETE FROM ${t.name}`);
      for (const u of units.values()) if (u !== null) await insertRows(s, t, u, 'TRUE');
    }
    return;
  }
  if (change.campaigns !== undefined) {
    for (const [id, u] of await unitsOf(s, change.campaigns)) {
      for (const t of tables) {
        await s.run(`DELETE FROM ${t.name} WHERE campaign_id = ${intList([id])}`);
        if (u !== null) await insertRows(s, t, u, 'TRUE');
      }
    }
  }
  if (change.dates !== undefined) {
    const byCampaign = await s.all(`SELECT campaign_id,
        list(DISTINCT strftime(date, '%Y-%m-%d') ORDER BY 1) AS dates
      FROM (${change.dates}) GROUP BY campaign_id ORDER BY campaign_id`);
    if (byCampaign.length === 0) return;
    const units = await unitsOf(s, change.dates);
    for (const r of byCampaign) {
      const id = Number(r.campaign_id);
      const days = (Array.isArray(r.dates) ? r.dates : []).map((d) => dateLit(String(d))).join(', ');
      const u = units.get(id);
      for (const t of tables) {
        const add = t.onDates === 'add';
        if (!add)
          await s.run(`DELETE FROM ${t.name} WHERE campaign_id = ${intList([id])} AND date IN (${days})`);
        if (u !== undefined && u !== null) await insertRows(s, t, u, `r.date IN (${days})`, add);
      }
    }
  }
}

/**
 * Records the registrable domains a campaign tracks (the server's set-up declares them; the RankStore does
 * not otherwise know them) and, when the set changed, rebuilds the campaign's copies. Domains not stored
 * yet are kept by name: a later SERP write that stores them refreshes the copy with their rows.
 */
export async function declareCampaignDomains(
  s: Session,
  campaignId: number,
  domains: readonly string[],
): Promise<void> {
  const id = intList([campaignId]);
  const wanted = [...new Set(domains)].sort();
  const stored = (
    await s.all(`SELECT domain FROM campaign_domains WHERE campaign_id = ${id} ORDER BY domain`)
  ).map((r) => String(r.domain));
  if (stored.join('\n') === wanted.join('\n')) return;
  await s.run(`DELETE FROM campaign_domains WHERE campaign_id = ${id}`);
  if (wanted.length > 0) {
    await s.run(
      `INSERT INTO campaign_domains VALUES ${wanted.map((d) => `(${id}, ${sqlString(d)})`).join(', ')}`,
    );
  }
  await refreshCopies(s, { campaigns: `SELECT ${id} AS campaign_id` });
}
