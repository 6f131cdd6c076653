import { useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';

/**
 * Schema and table of the ALTER, listed from the server, with what failed to list. The table
 * picked stays picked after a run (for the next ALTER on it).
 */
export interface Picked {
  schema: string;
  /** '' until a table of `schema` is picked. */
  table: string;
}

export function TablePicker({
  sessionId,
  picked,
  onPick,
}: {
  sessionId: string;
  picked: Picked;
  onPick: (picked: Picked) => void;
}) {
  const { schema, table } = picked;
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [tables, setTables] = useState<string[]>([]);

  useEffect(() => {
    api
      .call('schema.schemas', { sessionId })
      .then((list) => setSchemas(list.filter((s) => !s.system).map((s) => s.name)))
      .catch((e: unknown) =>
        setError({ title: 'Could not list the schemas', error: errorShapeOf(e) }),
      );
  }, [sessionId]);

  useEffect(() => {
    if (!schema) return;
    api
      .call('schema.objects', { sessionId, schema })
      .then((o) => setTables(o.tables.map((t) => t.name)))
      .catch((e: unknown) =>
        setError({ title: `Could not list the tables of ${schema}`, error: errorShapeOf(e) }),
      );
  }, [sessionId, schema]);

  return (
    <>
      <div className="alt-pick">
        <label className="field">
          <span>Schema</span>
          <select
            value={schema}
            onChange={(e) => onPick({ schema: e.target.value, table })}
            aria-label="Schema"
          >
            <option value="">Choose…</option>
            {schemas.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Table</span>
          <select
            value={tables.includes(table) ? table : ''}
            onChange={(e) => e.target.value && onPick({ schema, table: e.target.value })}
            aria-label="Table"
            disabled={!schema}
          >
            <option value="">{schema ? 'Choose…' : 'Pick a schema first'}</option>
            {tables.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      </div>
      {error && <ErrorNotice title={error.title} error={error.error} />}
    </>
  );
}
