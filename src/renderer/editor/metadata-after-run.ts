import { catalogueChangeOf } from '../../shared/sql/catalogue-change';
import type { SqlFlavor } from '../../shared/sql/lexer';
import { api } from '../app/api';
import { announceMetadataChange } from './completion/catalogue-cache';

/**
 * After an editor ran `sql` on `sessionId`: when it creates, alters, renames or drops schemas or
 * their objects, announces it, so completion and the schema tree stop showing what was there
 * before. Called whatever the statement's outcome: a failed or cancelled DDL may still have
 * done part of its work (MariaDB drops the tables of a `DROP TABLE a, b` that exist). A name
 * without a schema is in the session's default one, asked for; when it cannot be had, every
 * schema is read again.
 */
export async function announceChangesOf(
  sql: string,
  connectionId: string,
  sessionId: string,
  flavor: SqlFlavor,
): Promise<void> {
  const change = catalogueChangeOf(sql, { flavor });
  if (!change) return;
  if (change.kind === 'schemas') {
    announceMetadataChange(connectionId, change);
    return;
  }
  const schemas = new Set(change.schemas);
  if (change.current) {
    const current = await api.call('schema.current', { sessionId }).then(
      (r) => r.schema,
      () => undefined,
    );
    if (current === undefined) {
      announceMetadataChange(connectionId, { kind: 'schemas' });
      return;
    }
    // No default schema: the statement failed ("No database selected") and changed nothing.
    if (current !== null) schemas.add(current);
  }
  announceMetadataChange(connectionId, { kind: 'objects', schemas: [...schemas] });
}
