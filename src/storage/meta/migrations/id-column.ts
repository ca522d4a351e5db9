// The auto-incrementing integer primary key `id` of a new MetaStore table, as each engine spells it:
// PostgreSQL's serial, SQLite's INTEGER PRIMARY KEY AUTOINCREMENT (ids never reused after a delete).
import type { CreateTableBuilder } from 'kysely';
import type { MetaDialect } from '../schema';

export function withId<T extends string>(dialect: MetaDialect, t: CreateTableBuilder<T, never>) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
