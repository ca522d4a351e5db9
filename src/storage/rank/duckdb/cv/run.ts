// One campaign-visibility query on DuckDB: checks the scope, runs the prologue (prologue.ts: the keyword set
// cv_kw staged, the facts read back, the target filters found), then the query file's own SQL through the
// Run; the targets go into that SQL as literals (plan-emit.ts, literalMatchSql). A read connection is held
// for the whole query (db.read), and temporary tables belong to their connection, so the fixed names never
// clash; whatever a query staged is dropped once it has answered.
//
// Every call into DuckDB is a round trip through node-api, a few more when values are bound (db.ts), so the
// Run queues the statements that return nothing (stage) and sends them ahead of the next query, in one call
// when that query binds nothing; values the adapter writes itself (ids, dates, the CTR curve) are literals.
import type { DuckDBValue } from '@duckdb/node-api';
import type { CvTarget } from '../../../campaign-visibility-reads';
import { checkScope, typeCodes, type ReadScope } from '../../plan/scope';
import type { DuckDb, Row, Session } from '../db';
import { prologue, type Facts } from './prologue';
import type { Binds } from './sql';

export { KIND_DOMAIN, KIND_HOST, KIND_PATH, type TargetSet } from './prologue';

/** The keyword set the prologue stages. */
const KEYWORD_SET = 'cv_kw';

/** Point date → the one snapshot date every keyword of the set uses there (rollup-plan.ts). */
export type SnapOf = Map<string, string>;

export class Run {
  /** Result-type codes that count (brand with organic), or null for every type. */
  readonly typeCodes: number[] | null;
  /**
   * Point date → snapshot date for the points the rollup showed it for; snapshots.ts then lists used
   * snapshots without the window search.
   */
  snapOf: SnapOf | null = null;
  private readonly queued: string[] = [];
  /** The keyword set while the prologue left it unstaged (Facts.keywordSet): staged when first read. */
  private keywordSet: Facts['keywordSet'];
  /** Staged temporary objects, for the final drop (none: no drop is sent). */
  private readonly views = new Set<string>();
  private readonly tables = new Set<string>();
  /**
   * A market's keyword set, when the run stages it, is a view over keywords: materialising a market's
   * 10⁵–10⁶ keywords cost more than the reads that join it.
   */
  private readonly keywordKind: 'TABLE' | 'VIEW';
  /**
   * True when the run stages no view: each goes before every later statement as a CTE (`inlined`), so that
   * a read whose SERP rows come from a few scans sends one call and no drop after it.
   */
  readonly inlineViews: boolean;
  /** An inlineViews run's views, in staging order, as CTE definitions (`name AS (query)`). */
  private readonly ctes: string[] = [];

  constructor(
    /** The database, for whether its copies are used (tracked-hits.ts, copiesOff). */
    readonly db: DuckDb,
    readonly s: Session,
    readonly scope: ReadScope,
    readonly facts: Facts,
    inlineViews = false,
  ) {
    this.typeCodes = typeCodes(scope.resultTypes);
    this.keywordSet = facts.keywordSet;
    this.inlineViews = inlineViews;
    this.keywordKind = scope.campaignId === null && facts.keywordSet !== null ? 'VIEW' : 'TABLE';
    // The prologue staged the set (a table) unless it left it to the run.
    if (facts.keywordSet === null) this.tables.add(KEYWORD_SET);
    else if (inlineViews && this.keywordKind === 'VIEW' && facts.keywordSet.binds.values.length === 0) {
      // A CTE no statement reads costs nothing, so such a run's market set is one from the start; a whole
      // market's by its id, which prunes the keywords' row groups.
      const whole = scope.tags.length + scope.groups.length + scope.keywords.length === 0;
      const sql = whole
        ? `SELECT id AS keyword_id, sv FROM keywords WHERE market_id = ${facts.marketId}`
        : facts.keywordSet.sql;
      this.ctes.push(`${KEYWORD_SET} AS (${sql})`);
      this.keywordSet = null;
    }
  }

  /** `sql` after the inlineViews run's views as CTEs (merged with its own WITH, if any). */
  private inlined(sql: string): string {
    if (this.ctes.length === 0) return sql;
    const own = /^\s*WITH\s+/iu.exec(sql);
    const ctes = this.ctes.join(',\n');
    return own === null ? `WITH ${ctes}\n${sql}` : `WITH ${ctes},\n${sql.slice(own[0].length)}`;
  }

  get marketId(): number {
    return this.facts.marketId;
  }

  /** The campaign of a campaign's keyword set; what reads only a campaign has (rollup, copy, labels) ask it. */
  get campaignId(): number {
    if (this.scope.campaignId === null) throw new Error('a market keyword set has no campaign');
    return this.scope.campaignId;
  }

  /**
   * Stages temporary table or view `name` as the query `sql`: queued for the next query, or run at once
   * when it binds values.
   */
  async stage(kind: 'TABLE' | 'VIEW', name: string, sql: string, b?: Binds): Promise<void> {
    if (this.inlineViews && kind === 'VIEW' && (b === undefined || b.values.length === 0)) {
      this.ctes.push(`${name} AS (${sql})`);
      return;
    }
    (kind === 'VIEW' ? this.views : this.tables).add(name);
    const create = `CREATE OR REPLACE TEMP ${kind} ${name} AS ${this.inlined(sql)}`;
    if (b === undefined || b.values.length === 0) this.queued.push(create);
    else await this.s.all(...(await this.withQueued(create, b, false)));
  }

  /** The rows of a query, run after the queued statements (in the same call unless it binds values). */
  async all(sql: string, b?: Binds): Promise<Row[]> {
    return this.s.all(...(await this.withQueued(sql, b)));
  }

  async one(sql: string, b?: Binds): Promise<Row> {
    const rows = await this.all(sql, b);
    if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
    return rows[0]!;
  }

  /** Like all, column by column (db.ts, Session.columns). */
  async columns(sql: string, b?: Binds): Promise<DuckDBValue[][]> {
    return this.s.columns(...(await this.withQueued(sql, b)));
  }

  /** The call of `sql` after the queued statements; `inline`: with the inlineViews run's CTEs before it. */
  private async withQueued(sql: string, b?: Binds, inline = true): Promise<Parameters<Session['all']>> {
    const queued = this.queued.splice(0);
    if (this.keywordSet !== null && [...queued, sql].some((q) => /\bcv_kw\b/u.test(q))) {
      // Its bound values, if any, go in a call of their own.
      const { sql: keywords, binds } = this.keywordSet;
      this.keywordSet = null;
      const kind = this.keywordKind;
      (kind === 'VIEW' ? this.views : this.tables).add(KEYWORD_SET);
      const create = `CREATE OR REPLACE TEMP ${kind} ${KEYWORD_SET} AS ${keywords}`;
      if (binds.values.length > 0) await this.s.all(create, binds.values, binds.types);
      else queued.unshift(create);
    }
    const query = inline ? this.inlined(sql) : sql;
    if (b === undefined || b.values.length === 0) return [[...queued, query].join(';\n')];
    if (queued.length > 0) await this.s.run(queued.join(';\n'));
    return [query, b.values, b.types];
  }

  /** Drops every staged object in one call on `s` (this run's connection); queued statements go unsent. */
  async drop(s: Session): Promise<void> {
    this.queued.length = 0;
    if (this.views.size + this.tables.size > 0) await s.run(dropSql(this.views, this.tables));
  }
}

/** Drops of temporary views and tables, views first (they read tables). */
function dropSql(views: Iterable<string>, tables: Iterable<string>): string {
  return [
    ...[...views].map((v) => `DROP VIEW IF EXISTS ${v};`),
    ...[...tables].map((t) => `DROP TABLE IF EXISTS ${t};`),
  ].join(' ');
}

/** What a query stages up front: its targets (target i is t = i in the SQL) and the dates it asks about. */
export interface RunInput {
  targets?: readonly CvTarget[];
  /** The point dates or span ends of the query: the rollup's dates are loaded around them. */
  dates: readonly string[];
  /**
   * True when the query is answered from the rollup whenever it can: the keyword set is then staged only
   * if a query reads it (the SERP-row path).
   */
  rollupFirst?: boolean;
  /** True when the run stages its views as CTEs (Run.inlineViews). */
  inlineViews?: boolean;
}

/**
 * Runs `fn` with the prologue's tables staged; `empty` is the answer when the market holds no data at all.
 * The scope is checked before the connection is taken.
 */
export function withRun<T>(
  db: DuckDb,
  scope: ReadScope,
  input: RunInput,
  empty: () => T,
  fn: (run: Run) => Promise<T>,
): Promise<T> {
  checkScope(scope);
  let run: Run | null = null;
  return db.read(
    async (s) => {
      const facts = await prologue(
        db,
        s,
        scope,
        input.targets ?? [],
        input.dates,
        input.rollupFirst ?? false,
      );
      if (facts === null) return empty();
      run = new Run(db, s, scope, facts, input.inlineViews ?? false);
      return await fn(run);
    },
    // The drops run after the answer is back, before the connection's next query.
    (s) => (run === null ? s.run(dropSql([], [KEYWORD_SET])) : run.drop(s)),
  );
}

/** `AND r.result_type IN (…)` for the counted types, or nothing. */
export function typeFilter(run: Run, column = 'r.result_type'): string {
  return run.typeCodes === null ? '' : ` AND ${column} IN (${run.typeCodes.join(', ')})`;
}
