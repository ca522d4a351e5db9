// Plain-PostgreSQL twin of scenario `clusters`: the same (keyword, URL) pairs of one market snapshot in an
// unlogged table with an index on the URL; a self-join finds the keyword pairs sharing ≥ 3 URLs, and the soft
// clusters are built from those pairs in this process, in the same order (volume descending, text, id).
import type pg from 'pg';
import { CLUSTER_DEPTH, DEFAULT_MIN_SHARED_URLS } from '@core/metrics/clusters';
import type { RankStore } from '@storage/rank-store';
import { insertColumns, S } from '../lib/pg-twin';

export interface ClusterTwin {
  /** Distinct (keyword, URL) rows loaded. */
  pairs: number;
  loadMs: number;
}

export async function loadClusterTwin(
  client: pg.Client,
  rank: RankStore,
  market: string,
  date: string,
): Promise<ClusterTwin> {
  const started = performance.now();
  const top = await rank.readOrganicTop(market, date, CLUSTER_DEPTH);
  const keywords = await rank.readKeywords(
    market,
    top.map((t) => t.keywordId),
  );
  await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
  await client.query(`CREATE SCHEMA ${S}`);
  await client.query(`CREATE UNLOGGED TABLE ${S}.kw (id int PRIMARY KEY, text text NOT NULL, sv int)`);
  await client.query(`CREATE UNLOGGED TABLE ${S}.top (keyword_id int NOT NULL, url text NOT NULL)`);
  await insertColumns(
    client,
    'kw',
    [
      ['id', 'int', keywords.map((k) => k.id)],
      ['text', 'text', keywords.map((k) => k.text)],
      ['sv', 'int', keywords.map((k) => k.sv)],
    ],
    keywords.length,
  );
  const ids: number[] = [];
  const urls: string[] = [];
  for (const t of top) {
    for (const u of new Set(t.urls)) {
      ids.push(t.keywordId);
      urls.push(u);
    }
  }
  await insertColumns(
    client,
    'top',
    [
      ['keyword_id', 'int', ids],
      ['url', 'text', urls],
    ],
    ids.length,
  );
  await client.query(`CREATE INDEX ON ${S}.top (url, keyword_id)`);
  await client.query('ANALYZE');
  return { pairs: ids.length, loadMs: performance.now() - started };
}

/** The clusters as the child process prints them: member ids joined by `,`, clusters by `;`. */
export async function twinClusters(client: pg.Client): Promise<string> {
  const order = await client.query<{ id: number }>(
    `SELECT id FROM ${S}.kw ORDER BY coalesce(sv, -1) DESC, text COLLATE "C", id`,
  );
  const links = await client.query<{ a: number; b: number }>(
    `SELECT a.keyword_id AS a, b.keyword_id AS b FROM ${S}.top a
     JOIN ${S}.top b ON b.url = a.url AND b.keyword_id <> a.keyword_id
     GROUP BY a.keyword_id, b.keyword_id HAVING count(*) >= ${DEFAULT_MIN_SHARED_URLS}`,
  );
  const rank = new Map(order.rows.map((r, i) => [r.id, i]));
  const linked = new Map<number, number[]>();
  for (const { a, b } of links.rows) linked.set(a, [...(linked.get(a) ?? []), b]);
  const done = new Set<number>();
  const out: string[] = [];
  for (const { id } of order.rows) {
    if (done.has(id)) continue;
    done.add(id);
    const members = (linked.get(id) ?? []).filter((k) => !done.has(k));
    members.sort((x, y) => rank.get(x)! - rank.get(y)!);
    for (const k of members) done.add(k);
    out.push([id, ...members].join(','));
  }
  return out.join(';');
}
