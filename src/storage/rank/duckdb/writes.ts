// Writes of the DuckDB RankStore: keyword upserts, campaign membership, and SERP imports. Each call runs in
// one transaction; inputs are checked before anything is written (src/storage/rank/input.ts).
import { dateValue } from '@duckdb/node-api';
import type { CampaignKeywordInput, KeywordInput, SerpResultInput } from '../../rank-store';
import { prepareKeywords, prepareMembership, prepareSerpRows, RankInputError } from '../input';
import type { DuckDb, Session } from './db';
import { refreshCampaignRollups } from './cv/rollup';
import { refreshVeRollups } from './ve/roll';
import { ensureHosts, ensureMarkets, refreshSnapshots } from './dims';

const DAY_MS = 86_400_000;

export async function upsertKeywords(
  db: DuckDb,
  market: string,
  keywords: readonly KeywordInput[],
): Promise<Map<string, number>> {
  const prepared = prepareKeywords(market, keywords);
  const idByText = await db.transaction(async (s) => {
    const mid = (await ensureMarkets(s, [market])).get(market)!;
    await s.run('CREATE OR REPLACE TEMP TABLE stage_kw (ord INTEGER, text VARCHAR, sv INTEGER)');
    await s.append('stage_kw', (a) => {
      prepared.forEach((k, i) => {
        a.appendInteger(i);
        a.appendVarchar(k.text);
        if (k.sv === null) a.appendNull();
        else a.appendInteger(k.sv);
        a.endRow();
      });
    });
    // The last volume given for a text wins; first appearance orders new ids.
    await s.run(`CREATE OR REPLACE TEMP TABLE stage_kw_last AS
      SELECT text, sv, first_ord FROM (
        SELECT text, sv, min(ord) OVER (PARTITION BY text) AS first_ord,
          row_number() OVER (PARTITION BY text ORDER BY ord DESC) AS rn
        FROM stage_kw) WHERE rn = 1`);
    await s.run(
      `UPDATE keywords SET sv = s.sv FROM stage_kw_last s
       WHERE keywords.market_id = $1 AND keywords.text = s.text AND keywords.sv IS DISTINCT FROM s.sv`,
      [mid],
    );
    await s.run(
      `INSERT INTO keywords
       SELECT (SELECT coalesce(max(id), 0) FROM keywords) + row_number() OVER (ORDER BY first_ord), $1, text, sv
       FROM stage_kw_last WHERE text NOT IN (SELECT text FROM keywords WHERE market_id = $1)`,
      [mid],
    );
    const rows = await s.all(
      `SELECT k.id, k.text FROM stage_kw_last s JOIN keywords k ON k.text = s.text AND k.market_id = $1`,
      [mid],
    );
    await s.run('DROP TABLE stage_kw');
    await s.run('DROP TABLE stage_kw_last');
    // Volumes are part of the campaign and explorer rollups (Σ sv): those built from other volumes are rebuilt.
    await refreshCampaignRollups(s, String(mid));
    await refreshVeRollups(s, String(mid));
    return new Map(rows.map((r) => [String(r.text), Number(r.id)]));
  });
  const out = new Map<string, number>();
  keywords.forEach((k, i) => out.set(k.text, idByText.get(prepared[i]!.text)!));
  return out;
}

/** Ids (in `table` column keyword_id) that are not keywords of the market; returns the first few. */
async function unknownKeywords(
  s: Session,
  table: string,
  column: string,
  marketId: string,
): Promise<number[]> {
  const rows = await s.all(
    `SELECT DISTINCT t.${column} AS id FROM ${table} t
     LEFT JOIN keywords k ON k.id = t.${column} AND k.market_id = ${marketId}
     WHERE k.id IS NULL ORDER BY 1 LIMIT 5`,
  );
  return rows.map((r) => Number(r.id));
}

export async function setCampaignKeywords(
  db: DuckDb,
  campaignId: number,
  market: string,
  entries: readonly CampaignKeywordInput[],
): Promise<void> {
  const prepared = prepareMembership(campaignId, market, entries);
  await db.transaction(async (s) => {
    const mid = (await ensureMarkets(s, [market])).get(market)!;
    await s.run('CREATE OR REPLACE TEMP TABLE stage_ck (keyword_id INTEGER, kind INTEGER, label VARCHAR)');
    await s.append('stage_ck', (a) => {
      for (const e of prepared) {
        const row = (kind: number, label: string | null) => {
          a.appendInteger(e.keywordId);
          a.appendInteger(kind);
          if (label === null) a.appendNull();
          else a.appendVarchar(label);
          a.endRow();
        };
        row(0, null);
        for (const t of e.tags) row(1, t);
        for (const g of e.groups) row(2, g);
      }
    });
    const missing = await unknownKeywords(s, 'stage_ck', 'keyword_id', String(mid));
    if (missing.length > 0) {
      throw new RankInputError(`keyword ids not in market ${market}: ${missing.join(', ')}`);
    }
    for (const t of [
      'campaign_keywords',
      'campaign_tags',
      'campaign_keyword_tags',
      'campaign_groups',
      'campaign_keyword_groups',
    ]) {
      await s.run(`DELETE FROM ${t} WHERE campaign_id = $1`, [campaignId]);
    }
    await s.run(
      `INSERT INTO campaign_keywords SELECT $1, keyword_id, $2 FROM stage_ck WHERE kind = 0 ORDER BY keyword_id`,
      [campaignId, mid],
    );
    for (const [kind, labels, members, idCol] of [
      [1, 'campaign_tags', 'campaign_keyword_tags', 'tag_id'],
      [2, 'campaign_groups', 'campaign_keyword_groups', 'group_id'],
    ] as const) {
      await s.run(
        `INSERT INTO ${labels} SELECT $1, row_number() OVER (ORDER BY label), label
         FROM (SELECT DISTINCT label FROM stage_ck WHERE kind = ${kind})`,
        [campaignId],
      );
      await s.run(
        `INSERT INTO ${members} SELECT $1, c.keyword_id, l.${idCol}
         FROM stage_ck c JOIN ${labels} l ON l.campaign_id = $1 AND l.${labels === 'campaign_tags' ? 'tag' : 'label'} = c.label
         WHERE c.kind = ${kind} ORDER BY c.keyword_id, l.${idCol}`,
        [campaignId],
      );
    }
    await s.run('DROP TABLE stage_ck');
    await refreshCampaignRollups(
      s,
      `SELECT market_id FROM cv_roll_state WHERE campaign_id = ${campaignId} UNION SELECT ${mid}`,
    );
  });
}

export async function insertSerpResults(db: DuckDb, rows: readonly SerpResultInput[]): Promise<number> {
  const prepared = prepareSerpRows(rows);
  if (prepared.length === 0) return 0;
  await db.transaction(async (s) => {
    const markets = await ensureMarkets(
      s,
      prepared.map((r) => r.market),
    );
    await s.run(`CREATE OR REPLACE TEMP TABLE stage_serp (ord INTEGER, market_id SMALLINT, keyword_id INTEGER,
      date DATE, position UTINYINT, result_type UTINYINT, url VARCHAR, host VARCHAR, domain VARCHAR,
      path VARCHAR, title VARCHAR)`);
    await s.append('stage_serp', (a) => {
      prepared.forEach((r, i) => {
        a.appendInteger(i);
        a.appendSmallInt(markets.get(r.market)!);
        a.appendInteger(r.keywordId);
        a.appendDate(dateValue(Date.parse(`${r.date}T00:00:00Z`) / DAY_MS));
        a.appendUTinyInt(r.position);
        a.appendUTinyInt(r.resultType);
        a.appendVarchar(r.url);
        a.appendVarchar(r.host);
        a.appendVarchar(r.domain);
        a.appendVarchar(r.path);
        if (r.title === null) a.appendNull();
        else a.appendVarchar(r.title);
        a.endRow();
      });
    });
    const missing = await s.all(`SELECT min(t.ord) AS ord FROM stage_serp t
      LEFT JOIN keywords k ON k.id = t.keyword_id AND k.market_id = t.market_id WHERE k.id IS NULL`);
    if (missing[0]!.ord !== null) {
      const i = Number(missing[0]!.ord);
      throw new RankInputError(
        `keyword ${prepared[i]!.keywordId} is not a keyword of ${prepared[i]!.market}`,
        i,
      );
    }
    await ensureHosts(s, 'stage_serp');
    await s.run(`INSERT INTO urls
      SELECT (SELECT coalesce(max(id), 0) FROM urls) + row_number() OVER (ORDER BY x.url), x.url, h.id, x.path, x.title
      FROM (SELECT url, any_value(host) AS host, any_value(path) AS path, arg_max(title, ord) AS title
            FROM stage_serp WHERE url NOT IN (SELECT url FROM urls) GROUP BY url) x
      JOIN hosts h ON h.host = x.host`);
    await s.run(`UPDATE urls SET title = t.title
      FROM (SELECT url, arg_max(title, ord) AS title FROM stage_serp WHERE title IS NOT NULL GROUP BY url) t
      WHERE urls.url = t.url AND urls.title IS DISTINCT FROM t.title`);
    await s.run(`DELETE FROM serp_results USING (SELECT DISTINCT market_id, date, keyword_id FROM stage_serp) x
      WHERE serp_results.market_id = x.market_id AND serp_results.date = x.date
        AND serp_results.keyword_id = x.keyword_id`);
    await s.run(`INSERT INTO serp_results
      SELECT t.market_id, t.date, t.keyword_id, t.position, t.result_type, u.id, u.host_id, h.domain_id
      FROM stage_serp t JOIN urls u ON u.url = t.url JOIN hosts h ON h.id = u.host_id
      ORDER BY t.market_id, t.date, t.keyword_id, t.position`);
    await refreshSnapshots(s, 'SELECT market_id, date FROM stage_serp');
    await s.run('DROP TABLE stage_serp');
  });
  return prepared.length;
}
