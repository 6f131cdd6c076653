import { api } from '../../app/api';
import { CatalogueIndex } from './catalogue-index';

/** Loaded (or loading) catalogues, one per connection: its sessions all see the same schemas. */
const catalogues = new Map<string, Promise<CatalogueIndex>>();

/**
 * The completion catalogue of a connection, loaded through `sessionId` on first use and kept
 * until refreshCatalogue. A failed load is forgotten, so the next completion tries again.
 */
export function catalogueFor(connectionId: string, sessionId: string): Promise<CatalogueIndex> {
  let loading = catalogues.get(connectionId);
  if (!loading) {
    loading = api
      .call('schema.completion', { sessionId })
      .then((catalogue) => new CatalogueIndex(catalogue));
    catalogues.set(connectionId, loading);
    loading.catch(() => {
      if (catalogues.get(connectionId) === loading) catalogues.delete(connectionId);
    });
  }
  return loading;
}

/** Drops a connection's catalogue (the schema tree was refreshed): the next use reloads it. */
export function refreshCatalogue(connectionId: string): void {
  catalogues.delete(connectionId);
}

/** What changed on a connection's server: its schema list, or the objects of some schemas. */
export type MetadataChange = { kind: 'schemas' } | { kind: 'objects'; schemas: string[] };

const listeners = new Map<string, Set<(change: MetadataChange) => void>>();

/**
 * Says that a statement changed a connection's schemas or objects (DDL run in an editor): its
 * catalogue is dropped, so the next completion reloads it, and the screens that listen (the
 * schema tree) read again what they show of it.
 */
export function announceMetadataChange(connectionId: string, change: MetadataChange): void {
  catalogues.delete(connectionId);
  for (const listener of listeners.get(connectionId) ?? []) listener(change);
}

/** Calls `listener` on each announceMetadataChange of the connection; returns how to stop. */
export function onMetadataChange(
  connectionId: string,
  listener: (change: MetadataChange) => void,
): () => void {
  let set = listeners.get(connectionId);
  if (!set) listeners.set(connectionId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(connectionId);
  };
}

/**
 * Fills in the columns of tables that were beyond the catalogue's limit, in place, so the
 * catalogue keeps them from then on.
 */
export async function fillColumns(
  index: CatalogueIndex,
  sessionId: string,
  tables: Array<{ schema: string; table: string }>,
): Promise<void> {
  await Promise.all(
    tables.slice(0, 8).map(async ({ schema, table }) => {
      const found = index.table(schema, table);
      if (!found || found.table.columns !== null) return;
      const columns = await api.call('schema.columns', { sessionId, schema, table });
      found.table.columns = columns.map((c) => ({ name: c.name, type: c.columnType }));
    }),
  );
}
