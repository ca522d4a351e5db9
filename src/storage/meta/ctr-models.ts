// MetaStore queries for CTR models and brand terms (migration 0013-ctr-models), on SQLite and PostgreSQL
// alike. Values, buckets and fit settings are JSON text. The tables' Kysely types are declared here and added
// with withTables, so the shared schema file needs no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { CtrFitSettings, NewCtrModel, StoredCtrBucket, StoredCtrModel } from '../ctr-model-store';
import { instant } from './rows';
import type { Database } from './schema';

interface CtrModelsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  kind: string;
  ctr_values: string;
  fit: string | null;
  buckets: string | null;
  created_by: number | null;
  created_at: string;
}

interface BrandTermsTable {
  organisation_id: number;
  site: string;
  terms: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type CtrTables = { ctr_models: CtrModelsTable; gsc_brand_terms: BrandTermsTable };

const tables = (db: Kysely<Database>) => db.withTables<CtrTables>();

function toModel(r: Selectable<CtrModelsTable>): StoredCtrModel {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    name: r.name,
    kind: r.kind === 'fitted' ? 'fitted' : 'custom',
    values: JSON.parse(r.ctr_values) as number[],
    fit: r.fit === null ? null : (JSON.parse(r.fit) as CtrFitSettings),
    buckets: r.buckets === null ? null : (JSON.parse(r.buckets) as StoredCtrBucket[]),
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: r.created_at,
  };
}

export async function createCtrModel(
  db: Kysely<Database>,
  m: NewCtrModel,
  now: string,
): Promise<StoredCtrModel> {
  const row = await tables(db)
    .insertInto('ctr_models')
    .values({
      organisation_id: m.organisationId,
      name: m.name,
      kind: m.kind,
      ctr_values: JSON.stringify(m.values),
      fit: m.fit === null ? null : JSON.stringify(m.fit),
      buckets: m.buckets === null ? null : JSON.stringify(m.buckets),
      created_by: m.createdBy,
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toModel(row);
}

export async function listCtrModels(db: Kysely<Database>, organisationId: number): Promise<StoredCtrModel[]> {
  const rows = await tables(db)
    .selectFrom('ctr_models')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toModel);
}

export async function getCtrModel(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<StoredCtrModel | null> {
  const row = await tables(db)
    .selectFrom('ctr_models')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toModel(row);
}

export async function deleteCtrModel(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const r = await tables(db)
    .deleteFrom('ctr_models')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function getBrandTerms(
  db: Kysely<Database>,
  organisationId: number,
  site: string,
): Promise<string[]> {
  const row = await tables(db)
    .selectFrom('gsc_brand_terms')
    .select('terms')
    .where('organisation_id', '=', organisationId)
    .where('site', '=', site)
    .executeTakeFirst();
  return row === undefined ? [] : (JSON.parse(row.terms) as string[]);
}

export async function setBrandTerms(
  db: Kysely<Database>,
  organisationId: number,
  site: string,
  terms: readonly string[],
): Promise<void> {
  await tables(db)
    .insertInto('gsc_brand_terms')
    .values({ organisation_id: organisationId, site, terms: JSON.stringify(terms) })
    .onConflict((oc) => oc.columns(['organisation_id', 'site']).doUpdateSet({ terms: JSON.stringify(terms) }))
    .execute();
}
