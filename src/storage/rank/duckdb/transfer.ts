// Transfers of the DuckDB RankStore (src/storage/transfer.ts): checksums computed in DuckDB, segments read
// as columnar batches from a streaming result, and segments replaced in one transaction each.
//
// The engine-neutral tables map onto DuckDB's almost one to one; campaign_keywords is the exception — tags
// and groups live in label tables with per-campaign ids, so a row's sets are gathered from them on export
// and the label tables rebuilt (ids by label order, as setCampaignKeywords does) on import; campaign_domains
// holds no market, so it is read with the market of the campaign's keywords (as ClickHouse records it), and
// its import rebuilds every campaign's copies (derived.ts).
import { dateValue, type DuckDBAppender } from '@duckdb/node-api';
import {
  batchColumn,
  checkBatch,
  DEFAULT_BATCH_ROWS,
  HASH_MODULUS,
  newColumn,
  RANK_TABLE_ORDER,
  RANK_TABLES,
  truncateColumn,
  type RankBatch,
  type RankChecksums,
  type RankColumn,
  type RankColumnKind,
  type RankColumnSpec,
  type RankSegment,
  type RankSegmentChecksum,
  type RankTable,
} from '../../transfer';
import { foldSql } from '../transfer-sql';
import { RANK_URLS } from '../derived-tables';
import type { DuckDb, Session } from './db';
import { refreshCampaignRollups } from './cv/rollup';
import { refreshVeRollPairs, refreshVeRollups } from './ve/roll';
import { refreshDerived } from './dims';
import { refreshCopies } from './derived';

const P = HASH_MODULUS;
const EPOCH = "DATE '1970-01-01'";

/** How a table is read: FROM clause, and SQL per column; strs columns also name their count and hash sum. */
interface View {
  from: string;
  expr: Record<string, string>;
  sets?: Record<string, { n: string; h: string }>;
  order: string;
}

/** A string's hash component: its MD5's first 15 hex digits (60 bits) as a number, mod P. */
function md5Sql(e: string): string {
  return `(CAST(('0x' || substr(md5(${e}), 1, 15)) AS BIGINT) % ${P})`;
}

/** Per (campaign, keyword): the sorted labels, their count and Σ string hash, of tags or groups. */
function labelSets(members: string, labels: string, id: string, label: string, alias: string): string {
  return `LEFT JOIN (SELECT m.campaign_id, m.keyword_id, list(l.${label} ORDER BY l.${label}) AS labels,
      count(*) AS n, sum(${md5Sql(`l.${label}`)}) % ${P} AS h
    FROM ${members} m JOIN ${labels} l ON l.campaign_id = m.campaign_id AND l.${id} = m.${id}
    GROUP BY m.campaign_id, m.keyword_id) ${alias}
    ON ${alias}.campaign_id = c.campaign_id AND ${alias}.keyword_id = c.keyword_id`;
}

function plain(table: RankTable, order: string): View {
  const expr: Record<string, string> = {};
  for (const col of RANK_TABLES[table]) expr[col.name] = col.name;
  return { from: table, expr, order };
}

const VIEWS: Record<RankTable, View> = {
  markets: plain('markets', 'id'),
  domains: plain('domains', 'id'),
  hosts: plain('hosts', 'id'),
  urls: plain('urls', 'id'),
  keywords: plain('keywords', 'id'),
  campaign_keywords: {
    from: `campaign_keywords c
      ${labelSets('campaign_keyword_tags', 'campaign_tags', 'tag_id', 'tag', 't')}
      ${labelSets('campaign_keyword_groups', 'campaign_groups', 'group_id', 'label', 'g')}`,
    expr: {
      campaign_id: 'c.campaign_id',
      keyword_id: 'c.keyword_id',
      market_id: 'c.market_id',
      tags: 'coalesce(t.labels, [])',
      groups: 'coalesce(g.labels, [])',
    },
    sets: {
      tags: { n: 'coalesce(t.n, 0)', h: 'coalesce(t.h, 0)' },
      groups: { n: 'coalesce(g.n, 0)', h: 'coalesce(g.h, 0)' },
    },
    order: 'c.campaign_id, c.keyword_id',
  },
  campaign_domains: {
    from: `(SELECT DISTINCT d.campaign_id, k.market_id, d.domain FROM campaign_domains d
      JOIN (SELECT DISTINCT campaign_id, market_id FROM campaign_keywords) k ON k.campaign_id = d.campaign_id) d`,
    expr: { campaign_id: 'd.campaign_id', market_id: 'd.market_id', domain: 'd.domain' },
    order: 'd.campaign_id, d.domain',
  },
  serp_snapshots: plain('serp_snapshots', 'market_id, date'),
  empty_snapshots: plain('empty_snapshots', 'market_id, date, keyword_id'),
  gsc_rows: plain(
    'gsc_rows',
    'property, search_type, period, source, dimensions, date, query, page, country, device, search_appearance',
  ),
  serp_results: plain('serp_results', 'keyword_id, position, result_type, url_id'),
};

/** The hash components of one column (src/storage/transfer.ts). */
function components(view: View, col: RankColumnSpec): string[] {
  const e = view.expr[col.name]!;
  const scaled = `(${e} * 16777216)`;
  switch (col.kind) {
    case 'u8':
    case 'u16':
    case 'u32':
    case 'int':
      return [`CAST(${e} AS BIGINT)`];
    case 'day':
      return [`CAST(${e} - ${EPOCH} AS BIGINT)`];
    case 'u32?':
      return [`coalesce(CAST(${e} AS BIGINT) + 1, 0)`];
    case 'day?':
      return [`coalesce(CAST(${e} - ${EPOCH} AS BIGINT) + 1, 0)`];
    case 'str':
      return [md5Sql(e)];
    case 'str?':
      return [`coalesce(${md5Sql(e)} + 1, 0)`];
    case 'strs': {
      const set = view.sets?.[col.name];
      if (set === undefined) throw new Error(`no set hash for ${col.name}`);
      return [set.n, set.h];
    }
    case 'f64':
      return [
        `CAST(floor(${scaled}) AS BIGINT)`,
        `CAST(floor((${scaled} - floor(${scaled})) * 536870912) AS BIGINT)`,
      ];
  }
}

function hashSql(table: RankTable): string {
  const view = VIEWS[table];
  return foldSql(RANK_TABLES[table].flatMap((col) => components(view, col)));
}

export async function checksums(s: Session): Promise<RankChecksums> {
  const segments: RankSegmentChecksum[] = [];
  for (const table of RANK_TABLE_ORDER) {
    if (table === 'serp_results') {
      const rows = await s.all(`SELECT market_id, strftime(date, '%Y-%m-%d') AS d, count(*) AS n,
          CAST(sum(${hashSql(table)}) AS VARCHAR) AS h
        FROM serp_results GROUP BY market_id, date ORDER BY market_id, date`);
      for (const r of rows) {
        segments.push({
          table,
          marketId: Number(r.market_id),
          date: String(r.d),
          rows: Number(r.n),
          sum: String(r.h),
        });
      }
      continue;
    }
    const r = await s.one(
      `SELECT count(*) AS n, CAST(coalesce(sum(${hashSql(table)}), 0) AS VARCHAR) AS h FROM ${VIEWS[table].from}`,
    );
    if (Number(r.n) > 0)
      segments.push({ table, marketId: null, date: null, rows: Number(r.n), sum: String(r.h) });
  }
  return { tables: [...RANK_TABLE_ORDER], segments };
}

/** The column as DuckDB should hand it over (dates as day numbers, 64-bit counts as doubles). */
function selectExpr(kind: RankColumnKind, e: string): string {
  if (kind === 'day' || kind === 'day?') return `CAST(${e} - ${EPOCH} AS INTEGER)`;
  if (kind === 'int' || kind === 'f64') return `CAST(${e} AS DOUBLE)`;
  return e;
}

function segmentWhere(segment: RankSegment): { sql: string; params: (number | string)[] } {
  if (segment.marketId === null) return { sql: '', params: [] };
  return {
    sql: ' WHERE market_id = $1 AND date = CAST($2 AS DATE)',
    params: [segment.marketId, segment.date!],
  };
}

/** Holds the connection until `release` (so a generator can stream a result across its yields). */
function lease(db: DuckDb): Promise<{ s: Session; release: () => void }> {
  return new Promise((resolve, reject) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    db.exclusive((s) => {
      resolve({ s, release });
      return held;
    }).catch(reject);
  });
}

/** Stores a value of a plain-array column (strings, nullable values, string sets read as LIST values). */
function put(column: unknown[], kind: RankColumnKind, i: number, value: unknown): void {
  column[i] = kind === 'strs' ? ((value as { items: unknown[] } | null)?.items ?? []).map(String) : value;
}

export async function* exportBatches(
  db: DuckDb,
  segment: RankSegment,
  batchRows: number = DEFAULT_BATCH_ROWS,
): AsyncGenerator<RankBatch> {
  if (!Number.isInteger(batchRows) || batchRows < 1) throw new RangeError('batchRows must be ≥ 1');
  const { table } = segment;
  const view = VIEWS[table];
  const specs = RANK_TABLES[table];
  const where = segmentWhere(segment);
  const list = specs.map((col) => `${selectExpr(col.kind, view.expr[col.name]!)} AS ${col.name}`).join(', ');
  const { s, release } = await lease(db);
  try {
    const result = await s.stream(
      `SELECT ${list} FROM ${view.from}${where.sql} ORDER BY ${view.order}`,
      where.params,
    );
    const fresh = () => specs.map((col) => newColumn(col.kind, batchRows) as RankColumn);
    let columns = fresh();
    let n = 0;
    const emit = (): RankBatch => ({
      table,
      rows: n,
      columns: Object.fromEntries(specs.map((col, j) => [col.name, truncateColumn(columns[j]!, n)])),
    });
    for (;;) {
      const chunk = await result.fetchChunk();
      if (chunk === null || chunk.rowCount === 0) break;
      let from = 0;
      while (from < chunk.rowCount) {
        const take = Math.min(chunk.rowCount - from, batchRows - n);
        specs.forEach((col, j) => {
          const vector = chunk.getColumnVector(j);
          const out = columns[j]!;
          if (Array.isArray(out)) {
            for (let i = 0; i < take; i++) put(out, col.kind, n + i, vector.getItem(from + i));
          } else {
            // The hot path (integer columns of serp_results): numbers straight into the typed array.
            for (let i = 0; i < take; i++) out[n + i] = vector.getItem(from + i) as number;
          }
        });
        n += take;
        from += take;
        if (n === batchRows) {
          yield emit();
          columns = fresh();
          n = 0;
        }
      }
    }
    if (n > 0) yield emit();
  } finally {
    release();
  }
}

/** Appends value i of a column to the physical column of the same kind (see schema.ts). */
function append(a: DuckDBAppender, column: RankColumn, kind: RankColumnKind, i: number): void {
  const v = column[i];
  if (v === null || v === undefined) {
    a.appendNull();
    return;
  }
  switch (kind) {
    case 'u8':
      a.appendUTinyInt(v as number);
      return;
    case 'u16':
      a.appendSmallInt(v as number);
      return;
    case 'u32':
    case 'u32?':
      a.appendInteger(v as number);
      return;
    case 'int':
      a.appendBigInt(BigInt(v as number));
      return;
    case 'f64':
      a.appendDouble(v as number);
      return;
    case 'day':
    case 'day?':
      a.appendDate(dateValue(v as number));
      return;
    case 'str':
    case 'str?':
      a.appendVarchar(v as string);
      return;
    case 'strs':
      throw new Error('string sets are staged as rows, not appended');
  }
}

const CAMPAIGN_TABLES = [
  'campaign_keywords',
  'campaign_tags',
  'campaign_keyword_tags',
  'campaign_groups',
  'campaign_keyword_groups',
];

async function appendCampaignKeywords(s: Session, batch: RankBatch): Promise<void> {
  const campaign = batchColumn(batch, 'campaign_id', 'u32');
  const keyword = batchColumn(batch, 'keyword_id', 'u32');
  const market = batchColumn(batch, 'market_id', 'u16');
  const tags = batchColumn(batch, 'tags', 'strs');
  const groups = batchColumn(batch, 'groups', 'strs');
  await s.append('campaign_keywords', (a) => {
    for (let i = 0; i < batch.rows; i++) {
      a.appendInteger(campaign[i]!);
      a.appendInteger(keyword[i]!);
      a.appendSmallInt(market[i]!);
      a.endRow();
    }
  });
  await s.append('transfer_labels', (a) => {
    for (let i = 0; i < batch.rows; i++) {
      for (const [kind, labels] of [
        [1, tags[i]!],
        [2, groups[i]!],
      ] as const) {
        for (const label of labels) {
          a.appendInteger(campaign[i]!);
          a.appendInteger(keyword[i]!);
          a.appendInteger(kind);
          a.appendVarchar(label);
          a.endRow();
        }
      }
    }
  });
}

/** Declared domains by campaign (the market is the campaign's keywords', not stored here), each once. */
async function appendCampaignDomains(s: Session, batch: RankBatch, seen: Set<string>): Promise<void> {
  const campaign = batchColumn(batch, 'campaign_id', 'u32');
  const domain = batchColumn(batch, 'domain', 'str');
  await s.append('campaign_domains', (a) => {
    for (let i = 0; i < batch.rows; i++) {
      const key = `${campaign[i]!} ${domain[i]!}`;
      if (seen.has(key)) continue;
      seen.add(key);
      a.appendInteger(campaign[i]!);
      a.appendVarchar(domain[i]!);
      a.endRow();
    }
  });
}

/** Rebuilds the label tables from the staged (campaign, keyword, kind, label) rows. */
async function finishCampaignKeywords(s: Session): Promise<void> {
  for (const [kind, labels, members, idCol, labelCol] of [
    [1, 'campaign_tags', 'campaign_keyword_tags', 'tag_id', 'tag'],
    [2, 'campaign_groups', 'campaign_keyword_groups', 'group_id', 'label'],
  ] as const) {
    await s.run(`INSERT INTO ${labels}
      SELECT campaign_id, row_number() OVER (PARTITION BY campaign_id ORDER BY label), label
      FROM (SELECT DISTINCT campaign_id, label FROM transfer_labels WHERE kind = ${kind})`);
    await s.run(`INSERT INTO ${members}
      SELECT DISTINCT x.campaign_id, x.keyword_id, l.${idCol}
      FROM transfer_labels x JOIN ${labels} l ON l.campaign_id = x.campaign_id AND l.${labelCol} = x.label
      WHERE x.kind = ${kind} ORDER BY 1, 2, 3`);
  }
  await s.run('DROP TABLE transfer_labels');
}

export async function importBatches(
  db: DuckDb,
  segment: RankSegment,
  batches: AsyncIterable<RankBatch>,
): Promise<number> {
  const { table } = segment;
  const specs = RANK_TABLES[table];
  return db.transaction(async (s) => {
    const where = segmentWhere(segment);
    if (table === 'campaign_keywords') {
      for (const t of CAMPAIGN_TABLES) await s.run(`DELETE FROM ${t}`);
      await s.run(`CREATE OR REPLACE TEMP TABLE transfer_labels
        (campaign_id INTEGER, keyword_id INTEGER, kind INTEGER, label VARCHAR)`);
    } else {
      await s.run(`DELETE FROM ${table}${where.sql}`, where.params);
    }
    let written = 0;
    const declared = new Set<string>();
    for await (const batch of batches) {
      checkBatch(segment, batch);
      if (table === 'campaign_keywords') {
        await appendCampaignKeywords(s, batch);
      } else if (table === 'campaign_domains') {
        await appendCampaignDomains(s, batch, declared);
      } else {
        const columns = specs.map((col) => batchColumn(batch, col.name, col.kind) as RankColumn);
        await s.append(table, (a) => {
          for (let i = 0; i < batch.rows; i++) {
            specs.forEach((col, j) => append(a, columns[j]!, col.kind, i));
            a.endRow();
          }
        });
      }
      written += batch.rows;
    }
    if (table === 'campaign_keywords') await finishCampaignKeywords(s);
    // Membership and volumes feed the campaign rollups, volumes the explorer's: rebuild what they changed.
    if (table === 'campaign_keywords' || table === 'keywords') {
      await refreshCampaignRollups(s, 'SELECT id FROM markets');
    }
    if (table === 'keywords') await refreshVeRollups(s, 'SELECT id FROM markets');
    // The copies follow the declarations; results imported later refresh their dates as they come.
    if (table === 'campaign_domains') await refreshCopies(s, { all: true });
    // The explorer's rollup keeps each result's first path segment: copied URLs may give an id another path.
    if (table === 'urls') await refreshVeRollPairs(s, true);
    // The rank-tracking URL dictionary keeps the texts of URL ids, which copied URLs may give another text.
    if (table === 'urls') await refreshCopies(s, { all: true }, [RANK_URLS]);
    if (table === 'serp_results') {
      if (segment.marketId === null) await refreshDerived(s, true);
      else {
        await s.run(
          `CREATE OR REPLACE TEMP TABLE refresh_pairs AS
          SELECT CAST($1 AS SMALLINT) AS market_id, CAST($2 AS DATE) AS date`,
          [segment.marketId, segment.date!],
        );
        await refreshDerived(s);
        await s.run('DROP TABLE refresh_pairs');
      }
    }
    return written;
  });
}
