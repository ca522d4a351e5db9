// Column dictionaries of the generic SERP CSV fast path (import-csv.ts): one row per DISTINCT cell text of a
// column with the values the importer's rule gives it (or why it rejects it), so each text is checked once
// however many rows hold it. The URL column mostly holds plain `http(s)://host/path` URLs the importer keeps
// as given: those are split into host and path in SQL by the importer's own patterns (rules.plainUrls) and
// only their distinct hosts go to the importer, for the registrable domain; every other URL text takes the
// importer's rule one by one like any other column.
import type { CellProblem, SerpCsvRules } from '../serp-csv-stage';
import { sqlString } from './db';
import type { Session } from './db';

/** Distinct cell texts checked per round trip to the rules. */
const PAGE = 65_536;

type Cell = string | number | boolean | null;
type SqlType = 'INTEGER' | 'DOUBLE' | 'VARCHAR' | 'BOOLEAN';

/** A dictionary of one column's distinct texts: the values a text stands for, or why it is rejected. */
export interface Dictionary<C extends string> {
  table: string;
  /** Column of the raw table holding the cell text. */
  field: string;
  columns: [name: string, type: SqlType][];
  check(raw: string): Cell[] | (CellProblem<C> & { column?: boolean });
  /** The URL dictionary's texts that SQL splits itself before `check` sees the rest. */
  plainUrls?: SerpCsvRules<C>['plainUrls'];
  /**
   * Set on a one-number column of few distinct texts, which the row check may read without a join
   * (import-csv.ts, readSmall): SQL giving its value from the cell text where SQL can, else null.
   */
  cast?: ((cell: string) => string) | null;
}

/** The URL column's dictionary in `table`: the URL as stored, its host, registrable domain and path. */
export function urlDictionary<C extends string>(table: string, rules: SerpCsvRules<C>): Dictionary<C> {
  return {
    table,
    field: 'f_url',
    columns: [
      ['url', 'VARCHAR'],
      ['host', 'VARCHAR'],
      ['domain', 'VARCHAR'],
      ['path', 'VARCHAR'],
    ],
    check: (x) => {
      const u = rules.url(x);
      return 'reason' in u ? u : [u.url, u.host, u.domain, u.path];
    },
    plainUrls: rules.plainUrls,
  };
}

function isProblem<C extends string>(v: unknown): v is CellProblem<C> & { column?: boolean } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'reason' in v;
}

/**
 * Fills `d.table` (raw, values…, code, reason, own) from the distinct texts of `d.field` in `raw` (rows of
 * delimiters only left out); the URL dictionary takes its plain URLs in SQL first. Its work tables are
 * dropped as it goes, and all of them when a step fails (the caller drops `d.table`).
 */
export async function buildDictionary<C extends string>(
  s: Session,
  raw: string,
  d: Dictionary<C>,
): Promise<void> {
  const texts = `${d.table}_d`;
  try {
    await s.run(
      `CREATE TEMP TABLE ${texts} AS SELECT DISTINCT ${d.field} AS raw FROM ${raw} WHERE NOT blank`,
    );
    const cols = d.columns.map(([n, t]) => `${n} ${t}`).join(', ');
    await s.run(
      `CREATE TEMP TABLE ${d.table} (raw VARCHAR, ${cols}, code VARCHAR, reason VARCHAR, own BOOLEAN)`,
    );
    if (d.plainUrls !== undefined) {
      await plainUrls(s, d.table, texts, d.plainUrls);
      await s.run(`DELETE FROM ${texts} WHERE raw IN (SELECT raw FROM ${d.table})`);
    }
    await checkTexts(s, d, texts);
    await s.run(`DROP TABLE ${texts}`);
  } catch (error) {
    for (const w of [texts, `${texts}_n`, `${d.table}_p`, `${d.table}_h`])
      await s.run(`DROP TABLE IF EXISTS ${w}`);
    throw error;
  }
}

/** Appends the rule's answer for every text of `texts` to the dictionary. */
async function checkTexts<C extends string>(s: Session, d: Dictionary<C>, texts: string): Promise<void> {
  await s.run(`CREATE TEMP TABLE ${texts}_n AS SELECT raw, row_number() OVER () AS n FROM ${texts}`);
  const total = await s.number(`SELECT count(*) FROM ${texts}_n`);
  for (let from = 0; from < total; from += PAGE) {
    const [page = []] = await s.columns(
      `SELECT raw FROM ${texts}_n WHERE n > ${from} AND n <= ${from + PAGE}`,
    );
    await s.append(d.table, (a) => {
      for (const cell of page) {
        const text = String(cell);
        const v = d.check(text);
        a.appendVarchar(text);
        if (isProblem(v)) {
          for (let i = 0; i < d.columns.length; i++) a.appendNull();
          a.appendVarchar(v.code);
          a.appendVarchar(v.reason);
          a.appendBoolean(v.column !== false);
        } else {
          d.columns.forEach(([, type], i) => {
            const x = v[i] ?? null;
            if (x === null) a.appendNull();
            else if (type === 'VARCHAR') a.appendVarchar(String(x));
            else if (type === 'BOOLEAN') a.appendBoolean(x === true);
            else if (type === 'INTEGER') a.appendInteger(Number(x));
            else a.appendDouble(Number(x));
          });
          a.appendNull();
          a.appendNull();
          a.appendBoolean(true);
        }
        a.endRow();
      }
    });
  }
  await s.run(`DROP TABLE ${texts}_n`);
}

/**
 * The plain URLs of `texts` into the URL dictionary `table` (raw, url, host, domain, path, …): the text is
 * the URL, host and path come from the pattern's groups, and each distinct host's domain from the rules.
 */
async function plainUrls<C extends string>(
  s: Session,
  table: string,
  texts: string,
  urls: SerpCsvRules<C>['plainUrls'],
): Promise<void> {
  const whole = sqlString(`^(?:${urls.pattern})$`);
  const plain = `${table}_p`;
  const hosts = `${table}_h`;
  await s.run(`CREATE TEMP TABLE ${plain} AS
    SELECT raw, regexp_extract(raw, ${whole}, 1) AS host, regexp_extract(raw, ${whole}, 2) AS path
    FROM ${texts}
    WHERE length(raw) <= ${urls.maxLength} AND regexp_full_match(raw, ${sqlString(urls.pattern)})
      AND NOT regexp_matches(raw, ${sqlString(urls.excluding)})`);
  await s.run(`CREATE TEMP TABLE ${hosts} (host VARCHAR, domain VARCHAR)`);
  const [names = []] = await s.columns(`SELECT DISTINCT host FROM ${plain}`);
  await s.append(hosts, (a) => {
    for (const cell of names) {
      const host = String(cell);
      a.appendVarchar(host);
      a.appendVarchar(urls.domain(host));
      a.endRow();
    }
  });
  await s.run(`INSERT INTO ${table}
    SELECT p.raw, p.raw, p.host, h.domain, CASE WHEN p.path = '' THEN '/' ELSE p.path END, NULL, NULL, true
    FROM ${plain} p JOIN ${hosts} h ON h.host = p.host`);
  await s.run(`DROP TABLE ${plain}`);
  await s.run(`DROP TABLE ${hosts}`);
}
