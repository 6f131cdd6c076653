import { useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { SchemaHealth as Health } from '../../shared/api/tuning';
import { formatExactCount } from '../../shared/format/count';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { SeverityBadge } from '../ui/SeverityIcon';
import { TableHead } from '../alter/TableHead';
import { SchemaSelect } from './SchemaSelect';

const KIND_LABEL = {
  'experiment-index': 'Left by an experiment',
  'no-primary-key': 'No primary key',
  'redundant-index': 'Redundant index',
  'unused-index': 'Unused index',
  'row-versions': 'Row versions',
} as const;

/** `1.9 MiB`: sizes as file managers show them, exact bytes on hover. */
function bytes(n: number): string {
  const abs = Math.abs(n);
  if (abs < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(Math.abs(v) < 10 ? 1 : 0)} ${units[i]}`;
}

/** One schema's health: findings with their explanation and fix (opened in the editor, never run). */
export function SchemaHealth({ sessionId, openInEditor }: ToolScreenProps) {
  const [schemas, setSchemas] = useState<string[]>([]);
  const [schema, setSchema] = useState('');
  const [health, setHealth] = useState<Health | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    api
      .call('schema.schemas', { sessionId })
      .then((list) => setSchemas(list.filter((s) => !s.system).map((s) => s.name)))
      .catch((e: unknown) => setError(errorShapeOf(e)));
  }, [sessionId]);

  const check = async (name: string) => {
    setSchema(name);
    setHealth(null);
    if (!name) return;
    setLoading(true);
    setError(null);
    try {
      setHealth(await api.call('tuning.health', { sessionId, schema: name }));
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="tune-health">
      <div className="tune-toolbar">
        <SchemaSelect
          value={schema}
          schemas={schemas}
          onChange={(name) => void check(name)}
          noneLabel="Choose…"
          ariaLabel="Schema to check"
        />
        {schema && (
          <button type="button" className="btn-small" onClick={() => void check(schema)}>
            Check again
          </button>
        )}
        {loading && <span className="hint">Checking…</span>}
      </div>
      {error && <ErrorNotice error={error} title="Could not check the schema" />}
      {!schema && !error && (
        <div className="empty-state">
          Choose a schema: tables without a primary key, redundant and unused indexes, the largest
          tables and how they grew since your last visit. Fixes are shown as SQL to review; nothing
          is changed here.
        </div>
      )}
      {health && (
        <>
          {health.notes.map((n) => (
            <Notice key={n} severity="info" role="status">
              {n}
            </Notice>
          ))}
          <h3>Findings</h3>
          <p className="hint" data-testid="tune-redundant-source">
            {health.redundantSource === 'sys.schema_redundant_indexes'
              ? 'Redundant indexes from sys.schema_redundant_indexes.'
              : 'Redundant indexes computed from information_schema.STATISTICS (by the rules of MySQL’s sys.schema_redundant_indexes).'}
          </p>
          {health.findings.length === 0 && (
            <p className="empty-state">Nothing to fix in {health.schema}.</p>
          )}
          <ul className="tune-findings" data-testid="tune-findings">
            {health.findings.map((f) => (
              <li key={`${f.kind}/${f.table}/${f.index ?? ''}`} className={`sev-${f.severity}`}>
                <div>
                  <SeverityBadge severity={f.severity} label={KIND_LABEL[f.kind]} />{' '}
                  <strong>{f.title}</strong>
                </div>
                <p>{f.explanation}</p>
                <code className="tune-ddl">{f.fixSql}</code>{' '}
                <button type="button" className="btn-link" onClick={() => openInEditor(f.fixSql)}>
                  Open fix in editor
                </button>
              </li>
            ))}
          </ul>
          <h3>Largest tables</h3>
          <p className="hint">
            {health.previousVisitAt
              ? `Growth since your last visit (${health.previousVisitAt.slice(0, 16).replace('T', ' ')} UTC).`
              : 'First visit: growth shows from the next one.'}
          </p>
          <table className="tune-table tune-sizes" aria-label="Largest tables">
            <TableHead
              columns={[
                'Table',
                { label: 'Rows (est.)', num: true },
                { label: 'Data', num: true },
                { label: 'Indexes', num: true },
                { label: 'Total', num: true },
                { label: 'Growth', num: true },
              ]}
            />
            <tbody>
              {health.sizes.slice(0, 50).map((s) => (
                <tr key={s.table}>
                  <td className="mono">{s.table}</td>
                  <td className="num">{s.rows === null ? '—' : formatExactCount(s.rows)}</td>
                  <td className="num" title={`${formatExactCount(s.dataBytes)} bytes`}>
                    {bytes(s.dataBytes)}
                  </td>
                  <td className="num" title={`${formatExactCount(s.indexBytes)} bytes`}>
                    {bytes(s.indexBytes)}
                  </td>
                  <td className="num" title={`${formatExactCount(s.totalBytes)} bytes`}>
                    {bytes(s.totalBytes)}
                  </td>
                  <td className={`num${(s.growthBytes ?? 0) > 0 ? ' tune-grew' : ''}`}>
                    {s.growthBytes === null
                      ? '—'
                      : `${s.growthBytes > 0 ? '▲ +' : s.growthBytes < 0 ? '▼ ' : ''}${bytes(s.growthBytes)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
