// One campaign-visibility query on DuckDB: checks the scope, resolves the market, and stages the keyword set
// (cv_kw) and the target filters (cv_tf) as temporary tables that the query files join. A read connection
// is held for the whole query (db.read), and temporary tables belong to their connection, so the fixed names
// never clash; they are dropped at the end whatever happens.
import { MAX_POSITION } from '@core/ctr';
import { isResultType, resultTypeCode, type ResultType } from '@core/result-types';
import type { CvScope, CvTarget } from '../../../campaign-visibility-reads';
import { checkMarket, RankInputError } from '../../input';
import type { DuckDb, Session } from '../db';
import { marketId } from '../dims';
import { Binds } from './sql';

const TEMP_TABLES = ['cv_kw', 'cv_tf', 'cv_th', 'cv_snaps', 'cv_use', 'cv_page', 'cv_sel'];
/**
 * Staged as views: read once to three times, cheaper recomputed than materialised (a temporary table of
 * tens of thousands of rows costs more to write than the query that fills it). Views first: they read tables.
 */
const TEMP_VIEWS = ['cv_hits', 'cv_cells', 'cv_labels', 'cv_changes'];

/** Host-match kinds as stored in cv_tf.kind. */
export const KIND_DOMAIN = 0;
export const KIND_HOST = 1;
export const KIND_PATH = 2;

export interface Run {
  /** The database, for work queued beyond this read (tracked-hits.ts). */
  db: DuckDb;
  s: Session;
  scope: CvScope;
  marketId: number;
  /** Result-type codes that count (brand with organic), or null for every type. */
  typeCodes: number[] | null;
  /**
   * Point date → the one snapshot date every keyword of the set uses there, when the campaign rollup
   * (rollup-plan.ts) showed it; snapshots.ts then lists used snapshots without the window search.
   */
  snapOf: Map<string, string> | null;
}

/** The staged targets: how many, and the registrable-domain ids every matching result must carry. */
export interface TargetSet {
  count: number;
  domainIds: number[];
  /** True when some target has more than one filter, so one result may match a target twice. */
  overlapping: boolean;
  /** The host-match kinds (KIND_…) of the staged filters, ascending. */
  kinds: number[];
}

function checkScope(scope: CvScope): void {
  checkMarket(scope.market);
  if (!Number.isSafeInteger(scope.campaignId) || scope.campaignId < 1) {
    throw new RankInputError(`campaign id must be a positive integer, got ${scope.campaignId}`);
  }
  if (scope.ctr.length !== MAX_POSITION || scope.ctr.some((v) => !Number.isFinite(v) || v < 0 || v > 1)) {
    throw new RankInputError(`a CTR model needs ${MAX_POSITION} click probabilities between 0 and 1`);
  }
  for (const t of scope.resultTypes) {
    if (!isResultType(t)) throw new RankInputError(`unknown result type ${JSON.stringify(t)}`);
  }
}

/** Codes of the counted result types: brand counts as organic, so either one selects both. */
function typeCodes(types: readonly ResultType[]): number[] | null {
  if (types.length === 0) return null;
  const codes = new Set<number>();
  for (const t of types) {
    if (t === 'organic' || t === 'brand') {
      codes.add(resultTypeCode('organic'));
      codes.add(resultTypeCode('brand'));
    } else codes.add(resultTypeCode(t));
  }
  return [...codes].sort((a, b) => a - b);
}

/** Stages cv_kw: the campaign's keywords in its market that pass the tag, group and text filters. */
async function stageKeywords(s: Session, scope: CvScope, mid: number): Promise<void> {
  const b = new Binds();
  const cid = b.int(scope.campaignId);
  const where: string[] = [];
  const tags = [...new Set(scope.tags)];
  if (tags.length > 0) {
    const all = scope.tagsMatch === 'all' && tags.length > 1;
    where.push(`c.keyword_id IN (
      SELECT kt.keyword_id FROM campaign_keyword_tags kt
      JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id
      WHERE kt.campaign_id = ${cid} AND t.tag IN (SELECT unnest(${b.strings(tags)}))
      GROUP BY kt.keyword_id${all ? ` HAVING count(DISTINCT t.tag) = ${tags.length}` : ''})`);
  }
  if (scope.groups.length > 0) {
    where.push(`c.keyword_id IN (
      SELECT kg.keyword_id FROM campaign_keyword_groups kg
      JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id
      WHERE kg.campaign_id = ${cid} AND g.label IN (SELECT unnest(${b.strings([...new Set(scope.groups)])})))`);
  }
  if (scope.keywords.length > 0) {
    where.push(`k.text IN (SELECT unnest(${b.strings([...new Set(scope.keywords)])}))`);
  }
  await s.all(
    `CREATE OR REPLACE TEMP TABLE cv_kw AS
     SELECT c.keyword_id, k.sv, k.text FROM campaign_keywords c JOIN keywords k ON k.id = c.keyword_id
     WHERE c.campaign_id = ${cid} AND c.market_id = ${mid}${where.map((w) => ` AND ${w}`).join('')}`,
    b.values,
    b.types,
  );
}

/** Drops every staged table in one round trip (DuckDB runs the statements of one text in order). */
async function dropTemp(s: Session): Promise<void> {
  await s.run(
    [
      ...TEMP_VIEWS.map((v) => `DROP VIEW IF EXISTS ${v};`),
      ...TEMP_TABLES.map((t) => `DROP TABLE IF EXISTS ${t};`),
    ].join(' '),
  );
}

/**
 * Runs `fn` with the keyword set staged; `empty` is the answer when the market holds no data at all. The
 * scope is checked before the connection is taken.
 */
export function withRun<T>(
  db: DuckDb,
  scope: CvScope,
  empty: () => T,
  fn: (run: Run) => Promise<T>,
): Promise<T> {
  checkScope(scope);
  return db.read(async (s) => {
    const mid = await marketId(s, scope.market);
    if (mid === null) return empty();
    try {
      await stageKeywords(s, scope, mid);
      return await fn({
        db,
        s,
        scope,
        marketId: mid,
        typeCodes: typeCodes(scope.resultTypes),
        snapOf: null,
      });
    } finally {
      await dropTemp(s);
    }
  });
}

/** `AND r.result_type IN (…)` for the counted types, or nothing. */
export function typeFilter(run: Run, column = 'r.result_type'): string {
  return run.typeCodes === null ? '' : ` AND ${column} IN (${run.typeCodes.join(', ')})`;
}

/**
 * Stages cv_tf (target index, kind, domain id, host id, path prefix): one row per host-match filter whose
 * domain or host exists in the store; a filter naming an unknown host matches nothing. Target i of the list
 * is index i.
 */
export async function stageTargets(run: Run, targets: readonly CvTarget[]): Promise<TargetSet> {
  const { s } = run;
  const domains = new Set<string>();
  const hosts = new Set<string>();
  for (const t of targets) {
    for (const f of t.filters) {
      if (f.kind === 'domain') domains.add(f.domain);
      else hosts.add(f.host);
    }
  }
  const b1 = new Binds();
  const domainIds = new Map(
    (domains.size === 0
      ? []
      : await s.all(
          `SELECT id, domain FROM domains WHERE domain IN (SELECT unnest(${b1.strings([...domains])}))`,
          b1.values,
          b1.types,
        )
    ).map((r) => [String(r.domain), Number(r.id)]),
  );
  const b2 = new Binds();
  const hostIds = new Map(
    (hosts.size === 0
      ? []
      : await s.all(
          `SELECT id, host, domain_id FROM hosts WHERE host IN (SELECT unnest(${b2.strings([...hosts])}))`,
          b2.values,
          b2.types,
        )
    ).map((r) => [String(r.host), { id: Number(r.id), domainId: Number(r.domain_id) }]),
  );
  const prefilter = new Set<number>();
  const kinds = new Set<number>();
  const b3 = new Binds();
  const rows: string[] = [];
  targets.forEach((t, i) => {
    for (const f of t.filters) {
      if (f.kind === 'domain') {
        const id = domainIds.get(f.domain);
        if (id === undefined) continue;
        prefilter.add(id);
        kinds.add(KIND_DOMAIN);
        rows.push(`(${i}, ${KIND_DOMAIN}, ${id}, NULL, NULL)`);
      } else {
        const h = hostIds.get(f.host);
        if (h === undefined) continue;
        prefilter.add(h.domainId);
        kinds.add(f.kind === 'host' ? KIND_HOST : KIND_PATH);
        const path = f.kind === 'path' ? b3.string(f.path ?? '') : 'NULL';
        rows.push(`(${i}, ${f.kind === 'host' ? KIND_HOST : KIND_PATH}, ${h.domainId}, ${h.id}, ${path})`);
      }
    }
  });
  await s.run(
    'CREATE OR REPLACE TEMP TABLE cv_tf (t INTEGER, kind UTINYINT, domain_id INTEGER, host_id INTEGER, path VARCHAR)',
  );
  if (rows.length > 0) await s.all(`INSERT INTO cv_tf VALUES ${rows.join(', ')}`, b3.values, b3.types);
  return {
    count: targets.length,
    domainIds: [...prefilter].sort((x, y) => x - y),
    overlapping: targets.some((t) => t.filters.length > 1),
    kinds: [...kinds].sort((x, y) => x - y),
  };
}
