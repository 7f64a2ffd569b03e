import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * An integer key counted up by the database. SQLite's AUTOINCREMENT never reuses an id, even after the
 * highest row is deleted; PostgreSQL's identity column is its standard equivalent.
 */
export function counterColumn(dialect: DialectName) {
  return (column: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? column.primaryKey().autoIncrement()
      : column.primaryKey().generatedAlwaysAsIdentity();
}
