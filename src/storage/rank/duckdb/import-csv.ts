// The generic SERP CSV fast path on DuckDB (RankImport.stageSerpCsv, serp-csv-stage.ts): read_csv reads the
// whole file into a temporary table of text cells (in file order, so a row's line is its rowid plus the
// first data line), each DISTINCT cell text of a column is checked once by the importer's rules (the column
// dictionaries of import-csv-dictionary.ts) and the answers joined back, a row's first failing column
// rejects it, duplicate positions are found as the streaming parser and stager find them, and the accepted
// rows are staged into the import's tables (imports.ts) for the usual one-transaction commit. Local ids
// follow the order of each keyword's and URL's first accepted row, as the streaming path numbers them.
import type { SerpCsvFile, SerpCsvReject, SerpCsvRules, SerpCsvStaged } from '../serp-csv-stage';
import { sqlString } from './db';
import type { Session } from './db';
import { buildDictionary, type Dictionary, urlDictionary } from './import-csv-dictionary';
import { duplicatePositions } from './import-csv-duplicates';
import type { StageNames } from './imports';

const DAY_MS = 86_400_000;

/** Stages the file into `t` (urls, hosts, serp); null when read_csv cannot read it as `file` describes. */
export async function stageSerpCsv<C extends string>(
  s: Session,
  t: StageNames,
  file: SerpCsvFile,
  rules: SerpCsvRules<C>,
  cap: number,
): Promise<SerpCsvStaged<C> | null> {
  const p = t.serp.replace(/_serp$/u, '_csv');
  const name = (x: string) => `${p}_${x}`;
  const raw = name('raw');
  const work = [
    'raw',
    'fd',
    'fm',
    'fk',
    'fp',
    'fu',
    'fu2',
    'ft',
    'fv',
    'fti',
    'chk',
    'drop',
    'kw',
    'ul',
    'hl',
  ];
  let relaxed = false;
  try {
    if (!(await readRaw(s, raw, file))) return null;
    // A row's line is fixed by now (raw's rowid, read with the setting on), and every later step orders by
    // it where order matters, so the rest may write its tables in whatever order the threads finish.
    await s.run('SET preserve_insertion_order = false');
    relaxed = true;
    return await stageRows(s, t, name, file, rules, cap);
  } finally {
    if (relaxed) await s.run('SET preserve_insertion_order = true');
    for (const w of work) await s.run(`DROP TABLE IF EXISTS ${name(w)}`);
  }
}

/** read_csv into `raw` (f_* text cells, '' for empty, and `blank` for a row of delimiters only). */
async function readRaw(s: Session, raw: string, file: SerpCsvFile): Promise<boolean> {
  if (String((await s.one(`SELECT current_setting('preserve_insertion_order') AS p`)).p) !== 'true')
    return false;
  const cols = Array.from({ length: file.width }, (_, i) => `'c${i}': 'VARCHAR'`).join(', ');
  const cell = (i: number) => (i < 0 ? `''` : `coalesce(c${i}, '')`);
  const c = file.columns;
  const allNull = Array.from({ length: file.width }, (_, i) => `c${i} IS NULL`).join(' AND ');
  try {
    await s.run(`CREATE TEMP TABLE ${raw} AS SELECT
        ${cell(c.date)} AS f_date, ${cell(c.market)} AS f_market, ${cell(c.keyword)} AS f_keyword,
        ${cell(c.position)} AS f_position, ${cell(c.url)} AS f_url, ${cell(c.type)} AS f_type,
        ${cell(c.sv)} AS f_sv, ${cell(c.title)} AS f_title, (${allNull}) AS blank
      FROM read_csv(${sqlString(file.path)}, header = true, auto_detect = false, delim = ${sqlString(file.delimiter)},
        quote = '"', escape = '"', columns = {${cols}}, null_padding = true, strict_mode = true)`);
  } catch {
    // Not UTF-8, a quote inside an unquoted value, more fields than the header: the streaming parser
    // reports such rows one by one.
    return false;
  }
  return (await s.number(`SELECT count(*) FROM ${raw}`)) === file.rows;
}

async function stageRows<C extends string>(
  s: Session,
  t: StageNames,
  name: (x: string) => string,
  file: SerpCsvFile,
  rules: SerpCsvRules<C>,
  cap: number,
): Promise<SerpCsvStaged<C>> {
  const raw = name('raw');
  // Normalised markets and keywords get small ids here; their texts stay in these lists for the result.
  const marketIds = new Map<string, number>();
  const keywordIds = new Map<string, number>();
  const dates = new Map<number, string>();
  const idOf = (ids: Map<string, number>, v: string) => {
    let id = ids.get(v);
    if (id === undefined) ids.set(v, (id = ids.size));
    return id;
  };
  const dictionaries: Dictionary<C>[] = [
    {
      table: name('fd'),
      field: 'f_date',
      columns: [['day', 'INTEGER']],
      cast: (x) => `CAST(TRY_CAST(${x} AS DATE) - DATE '1970-01-01' AS INTEGER)`,
      check: (x) => {
        const d = rules.date(x);
        if (typeof d !== 'string') return d;
        const day = Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
        dates.set(day, d);
        return [day];
      },
    },
    {
      table: name('fm'),
      field: 'f_market',
      columns: [['mid', 'INTEGER']],
      cast: null,
      check: (x) => {
        const m = rules.market(x);
        return typeof m === 'string' ? [idOf(marketIds, m)] : m;
      },
    },
    {
      table: name('fk'),
      field: 'f_keyword',
      columns: [['kid', 'INTEGER']],
      check: (x) => {
        const k = rules.keyword(x);
        return typeof k === 'string' ? [idOf(keywordIds, k)] : k;
      },
    },
    {
      table: name('fp'),
      field: 'f_position',
      columns: [['pos', 'INTEGER']],
      cast: (x) => `TRY_CAST(${x} AS INTEGER)`,
      check: (x) => {
        const v = rules.position(x);
        return typeof v === 'number' ? [v] : v;
      },
    },
    urlDictionary(name('fu'), rules),
    {
      table: name('ft'),
      field: 'f_type',
      columns: [['rt', 'INTEGER']],
      cast: null,
      check: (x) => {
        const v = rules.resultType(x);
        return typeof v === 'number' ? [v] : v;
      },
    },
    {
      table: name('fv'),
      field: 'f_sv',
      columns: [['sv', 'DOUBLE']],
      cast: (x) => `TRY_CAST(${x} AS DOUBLE)`,
      check: (x) => {
        const v = rules.sv(x);
        return v === null || typeof v === 'number' ? [v] : v;
      },
    },
    {
      table: name('fti'),
      field: 'f_title',
      columns: [['title', 'VARCHAR']],
      check: (x) => {
        const v = rules.title(x);
        return v === null || typeof v === 'string' ? [v] : v;
      },
    },
  ];
  for (const d of dictionaries) await buildDictionary(s, raw, d);
  // Two spellings of one URL (spaces around it, a highlight fragment) are one URL: nid is the first
  // dictionary row of the normalised text.
  await s.run(`CREATE TEMP TABLE ${name('fu2')} AS
    SELECT rowid AS uid, raw, url, host, domain, path, code, reason,
      CASE WHEN url IS NULL THEN NULL ELSE min(rowid) OVER (PARTITION BY url) END AS nid
    FROM ${name('fu')}`);

  // Every row with its first fault (-1: none) in the parser's column order, or its checked values. The
  // small columns take their values without a join on text where the file allows it (readSmall).
  const faults = ['d', 'm', 'k', 'p', 'u', 'ty', 'v', 'ti'];
  const small = new Map<string, SmallColumn>();
  for (const [i, d] of dictionaries.entries())
    if (d.cast !== undefined) small.set(faults[i]!, await readSmall(s, d, faults[i]!));
  const value = (alias: string) => small.get(alias)!.value;
  const join = (alias: string) => small.get(alias)!.join;
  const faulty = faults.map((a, i) =>
    small.get(a)?.join === '' ? '' : `WHEN ${a}.reason IS NOT NULL THEN ${i}`,
  );
  const chk = name('chk');
  await s.run(`CREATE TEMP TABLE ${chk} AS SELECT r.rowid + ${file.firstLine} AS line,
      CASE ${faulty.join(' ')} ELSE -1 END AS fault,
      ${value('d')} AS day, ${value('m')} AS mid, k.kid, ${value('p')} AS pos, u.nid, ${value('ty')} AS rt,
      ${value('v')} AS sv, CASE WHEN ti.title IS NULL THEN NULL ELSE ti.rowid END AS tid
    FROM ${raw} r ${join('d')} ${join('m')} JOIN ${name('fk')} k ON k.raw = r.f_keyword ${join('p')}
    JOIN ${name('fu2')} u ON u.raw = r.f_url ${join('ty')} ${join('v')}
    JOIN ${name('fti')} ti ON ti.raw = r.f_title
    WHERE NOT r.blank`);
  const totals = await s.one(`SELECT count(*) AS n, count(*) FILTER (WHERE fault >= 0) AS bad FROM ${chk}`);
  const columnOf = [
    file.columns.date,
    file.columns.market,
    file.columns.keyword,
    file.columns.position,
    file.columns.url,
    file.columns.type,
    file.columns.sv,
    file.columns.title,
  ];
  // The listed rejects' codes and reasons: their faulty cell's dictionary row, found through the raw row.
  const problems = dictionaries
    .map((d, i) => `SELECT ${i} AS i, raw, code, reason, own FROM ${d.table} WHERE code IS NOT NULL`)
    .join(' UNION ALL ');
  const cell = `CASE b.fault ${dictionaries.map((d, i) => `WHEN ${i} THEN r.${d.field}`).join(' ')} END`;
  const rejects: SerpCsvReject<C>[] = (
    await s.all(`SELECT b.line, b.fault, x.code, x.reason, x.own
      FROM (SELECT line, fault FROM ${chk} WHERE fault >= 0 ORDER BY line LIMIT ${cap}) b
      JOIN ${raw} r ON r.rowid = b.line - ${file.firstLine}
      JOIN (${problems}) x ON x.i = b.fault AND x.raw = ${cell}
      ORDER BY b.line`)
  ).map((r) => ({
    line: Number(r.line),
    column: r.fault === 1 && r.own === false ? -1 : columnOf[Number(r.fault)]!,
    code: String(r.code) as C,
    reason: String(r.reason),
  }));

  const marketText = [...marketIds.keys()];
  const keywordText = [...keywordIds.keys()];
  const dup = await duplicatePositions(s, chk, name('drop'), (mid, kid, day, position, line, first) =>
    first === null
      ? {
          line,
          column: file.columns.position,
          ...rules.repeated(position, keywordText[kid]!, dates.get(day)!),
        }
      : {
          line,
          column: -1,
          ...rules.duplicate(position, keywordText[kid]!, dates.get(day)!, marketText[mid]!, first),
        },
  );
  const repeated = dup.filter((r) => r.column >= 0);
  const later = dup.filter((r) => r.column < 0);
  const allRejects = [...rejects, ...repeated.slice(0, cap)].sort((a, b) => a.line - b.line).slice(0, cap);

  // A keyword's volume is the last one given by a row the parser accepted (a row the stager then finds to
  // repeat a position still brings its volume); its local id follows its first row.
  const drop = name('drop');
  await s.run(`DELETE FROM ${chk} WHERE fault >= 0 OR line IN (SELECT line FROM ${drop} WHERE NOT later)`);
  await s.run(`CREATE TEMP TABLE ${name('kw')} AS
    SELECT mid, kid, (row_number() OVER (ORDER BY first) - 1)::INTEGER AS lid, sv FROM (
      SELECT mid, kid, min(line) AS first, arg_max(sv, line) FILTER (WHERE sv IS NOT NULL) AS sv
      FROM ${chk} GROUP BY mid, kid)`);
  await s.run(`DELETE FROM ${chk} WHERE line IN (SELECT line FROM ${drop})`);
  await stageUrls(s, t, name, chk);
  await s.run(`INSERT INTO ${t.serp}
    SELECT k.lid, c.day, c.pos, c.rt, l.lid, 0 FROM ${chk} c
    JOIN ${name('kw')} k ON k.mid = c.mid AND k.kid = c.kid JOIN ${name('ul')} l ON l.nid = c.nid`);
  const counts = await s.one(`SELECT count(*) AS n, count(DISTINCT (mid, kid, day)) AS snaps FROM ${chk}`);
  const keywords = (await s.all(`SELECT lid, mid, kid, sv FROM ${name('kw')} ORDER BY lid`)).map((r) => ({
    localId: Number(r.lid),
    market: marketText[Number(r.mid)]!,
    text: keywordText[Number(r.kid)]!,
    sv: r.sv === null ? null : Number(r.sv),
  }));
  return {
    rowsRead: Number(totals.n),
    rejected: Number(totals.bad) + repeated.length,
    rejects: allRejects,
    duplicates: later.length,
    duplicateRejects: later.slice(0, cap),
    serpResults: Number(counts.n),
    snapshots: Number(counts.snaps),
    keywords,
  };
}

/** How the row check reads a small column: its value's SQL, and the join it needs ('' for none). */
interface SmallColumn {
  value: string;
  join: string;
}

/**
 * How the row check (alias `alias`) reads a one-number column of few distinct texts from its dictionary
 * `d`: a join on the cell text, unless every distinct text of the file passes and the value is one
 * constant, or what the column's SQL cast of the text gives — checked on the dictionary itself, so it holds
 * for every row of this file. A cast costs far less per row than a join on text.
 */
async function readSmall<C extends string>(
  s: Session,
  d: Dictionary<C>,
  alias: string,
): Promise<SmallColumn> {
  const [column, type] = d.columns[0]!;
  const cast = d.cast ?? null;
  const r = await s.one(`SELECT count(*) AS n, count(reason) AS bad, any_value(${column}) AS v,
      ${cast === null ? 'NULL' : `count(*) FILTER (WHERE ${column} IS DISTINCT FROM ${cast('raw')})`} AS differ
    FROM ${d.table}`);
  const joined = {
    value: `${alias}.${column}`,
    join: `JOIN ${d.table} ${alias} ON ${alias}.raw = r.${d.field}`,
  };
  if (Number(r.bad) > 0 || Number(r.n) === 0) return joined;
  // Shortest round-trip digits: the literal reads back as the same number.
  if (Number(r.n) === 1)
    return { value: `CAST(${r.v === null ? 'NULL' : String(Number(r.v))} AS ${type})`, join: '' };
  if (cast !== null && Number(r.differ) === 0) return { value: cast(`r.${d.field}`), join: '' };
  return joined;
}

/** URLs (one row per URL, its last title) and their hosts, numbered by first accepted row. */
async function stageUrls(s: Session, t: StageNames, name: (x: string) => string, chk: string): Promise<void> {
  const ul = name('ul');
  const fu2 = name('fu2');
  await s.run(`CREATE TEMP TABLE ${ul} AS
    SELECT nid, (row_number() OVER (ORDER BY first) - 1)::INTEGER AS lid, tid FROM (
      SELECT nid, min(line) AS first, arg_max(tid, line) FILTER (WHERE tid IS NOT NULL) AS tid
      FROM ${chk} GROUP BY nid)`);
  await s.run(`CREATE TEMP TABLE ${name('hl')} AS
    SELECT host, domain, (row_number() OVER (ORDER BY host) - 1)::INTEGER AS hlid FROM (
      SELECT u.host, any_value(u.domain) AS domain FROM ${ul} l JOIN ${fu2} u ON u.uid = l.nid GROUP BY u.host)`);
  await s.run(`INSERT INTO ${t.hosts} SELECT hlid, host, domain FROM ${name('hl')}`);
  await s.run(`INSERT INTO ${t.urls}
    SELECT l.lid, l.lid, true, u.url, h.hlid, u.path, ti.title
    FROM ${ul} l JOIN ${fu2} u ON u.uid = l.nid JOIN ${name('hl')} h ON h.host = u.host
    LEFT JOIN ${name('fti')} ti ON ti.rowid = l.tid`);
}
