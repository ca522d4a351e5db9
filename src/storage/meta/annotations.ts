// MetaStore queries for annotations (migration 0012-annotations), on SQLite and PostgreSQL alike. The
// table's Kysely type is declared here and added with withTables, so the shared schema file needs no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type {
  Annotation,
  AnnotationPatch,
  AnnotationQuery,
  AnnotationSource,
  NewAnnotation,
} from '../annotation-store';
import { atomic, instant } from './rows';
import type { Database } from './schema';

interface AnnotationsTable {
  id: Generated<number>;
  organisation_id: number;
  campaign_id: number | null;
  date: string;
  title: string;
  note: string | null;
  source: string;
  created_by: number | null;
  created_at: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type AnnotationTables = { annotations: AnnotationsTable };

const tables = (db: Kysely<Database>) => db.withTables<AnnotationTables>();

/** Rows per INSERT: 9 values a row stays far under SQLite's 32,766 bound parameters. */
const INSERT_BATCH = 500;

// The column's CHECK admits only the two; anything else would be a corrupt row, read as a plain note.
const sourceOf = (value: string): AnnotationSource =>
  value === 'search-engine-update' ? 'search-engine-update' : 'note';

function toAnnotation(r: Selectable<AnnotationsTable>): Annotation {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    campaignId: r.campaign_id === null ? null : Number(r.campaign_id),
    date: r.date,
    title: r.title,
    note: r.note,
    source: sourceOf(r.source),
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: r.created_at,
  };
}

export function createAnnotations(
  db: Kysely<Database>,
  annotations: readonly NewAnnotation[],
  now: string,
): Promise<Annotation[]> {
  if (annotations.length === 0) return Promise.resolve([]);
  const createdAt = instant(now);
  return atomic(db, async (tx) => {
    const out: Annotation[] = [];
    for (let i = 0; i < annotations.length; i += INSERT_BATCH) {
      const rows = await tables(tx)
        .insertInto('annotations')
        .values(
          annotations.slice(i, i + INSERT_BATCH).map((a) => ({
            organisation_id: a.organisationId,
            campaign_id: a.campaignId,
            date: a.date,
            title: a.title,
            note: a.note,
            source: a.source,
            created_by: a.createdBy,
            created_at: createdAt,
          })),
        )
        .returningAll()
        .execute();
      // Both engines return a multi-row insert's rows in VALUES order; ids ascend with it.
      out.push(...rows.map(toAnnotation).sort((a, b) => a.id - b.id));
    }
    return out;
  });
}

export async function listAnnotations(
  db: Kysely<Database>,
  organisationId: number,
  q: AnnotationQuery,
): Promise<Annotation[]> {
  const { campaignId } = q;
  const rows = await tables(db)
    .selectFrom('annotations')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where((eb) =>
      campaignId === null
        ? eb('campaign_id', 'is', null)
        : eb.or([eb('campaign_id', 'is', null), eb('campaign_id', '=', campaignId)]),
    )
    .$if(q.from !== undefined, (qb) => qb.where('date', '>=', q.from!))
    .$if(q.to !== undefined, (qb) => qb.where('date', '<=', q.to!))
    .orderBy('date')
    .orderBy('id')
    .execute();
  return rows.map(toAnnotation);
}

export async function getAnnotation(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<Annotation | null> {
  const row = await tables(db)
    .selectFrom('annotations')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toAnnotation(row);
}

export async function updateAnnotation(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  patch: AnnotationPatch,
): Promise<Annotation | null> {
  const set = {
    ...(patch.campaignId !== undefined && { campaign_id: patch.campaignId }),
    ...(patch.date !== undefined && { date: patch.date }),
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.note !== undefined && { note: patch.note }),
  };
  if (Object.keys(set).length === 0) return getAnnotation(db, organisationId, id);
  const row = await tables(db)
    .updateTable('annotations')
    .set(set)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toAnnotation(row);
}

export async function deleteAnnotation(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const result = await tables(db)
    .deleteFrom('annotations')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
