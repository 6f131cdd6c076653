import { useCallback, useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { TopStatement, TopStatements as TopStatementsResult } from '../../shared/api/tuning';
import { formatExactCount } from '../../shared/format/count';
import { formatMs, formatRows } from '../../shared/explain/format-plan-figures';
import { examinedPerSent } from '../../shared/tuning/digest-diff';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { StatementDetail } from './StatementDetail';
import { fullScans, ratioSeverity, sortStatements, type SortKey } from './statement-columns';

const COLUMNS: Array<{ key: SortKey; label: string; title: string }> = [
  { key: 'totalLatencyMs', label: 'Total', title: 'Total latency' },
  { key: 'avgLatencyMs', label: 'Avg', title: 'Average latency per call' },
  { key: 'calls', label: 'Calls', title: 'Executions' },
  { key: 'rowsExamined', label: 'Examined', title: 'Rows examined' },
  { key: 'rowsSent', label: 'Sent', title: 'Rows sent' },
  { key: 'examinedPerSent', label: 'Exam/sent', title: 'Rows examined per row sent' },
  {
    key: 'fullScans',
    label: 'Full scans',
    title: 'Executions without an index (SUM_NO_INDEX_USED + SUM_NO_GOOD_INDEX_USED)',
  },
  { key: 'tmpDiskTables', label: 'Tmp disk', title: 'Temporary tables created on disk' },
  { key: 'sortMergePasses', label: 'Sort merges', title: 'Sort merge passes' },
  { key: 'errors', label: 'Err/warn', title: 'Errors / warnings' },
  { key: 'lastSeen', label: 'Last seen', title: 'First and last seen (server time)' },
];

function Num({ n, format = formatRows }: { n: number; format?: (n: number) => string }) {
  return (
    <td className="num" title={formatExactCount(Math.round(n))}>
      {format(n)}
    </td>
  );
}

/** The digest summary: sortable, filtered by schema, over all time or since a snapshot. */
export function TopStatements(props: ToolScreenProps) {
  const { sessionId, server } = props;
  const [schema, setSchema] = useState<string | null>(null);
  const [baseline, setBaseline] = useState<{ id: string; takenAt: string } | null>(null);
  const [data, setData] = useState<TopStatementsResult | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [loading, setLoading] = useState(false);
  const [sortKey, setSortKey] = useState<SortKey>('totalLatencyMs');
  const [selected, setSelected] = useState<string | null>(null);

  const load = useCallback(
    async (baselineId: string | null) => {
      setLoading(true);
      setError(null);
      try {
        const r = await api.call('tuning.statements', { sessionId, schema, baselineId });
        setData(r);
      } catch (e) {
        setError(errorShapeOf(e));
      } finally {
        setLoading(false);
      }
    },
    [sessionId, schema],
  );

  useEffect(() => {
    void load(baseline?.id ?? null);
    // A new schema filter starts over from all-time figures.
  }, [schema]);

  if (data && !data.available) {
    return (
      <div className="notice notice-warning" role="status" data-testid="tuning-unavailable">
        <span aria-hidden="true">⚠</span>
        <div>
          <strong className="notice-title">No statement statistics on {server.versionText}</strong>
          <div>{data.reason}</div>
          <div>
            To enable: <code>{data.howToEnable}</code>
          </div>
        </div>
      </div>
    );
  }
  const statements = data?.available ? sortStatements(data.statements, sortKey) : [];
  const current = statements.find((s) => keyOf(s) === selected) ?? null;

  return (
    <div className="tune-top">
      <div className="tune-toolbar">
        <label className="inline-field">
          <span>Schema</span>
          <select
            value={schema ?? ''}
            onChange={(e) => {
              setBaseline(null);
              setSchema(e.target.value || null);
            }}
            aria-label="Schema filter"
          >
            <option value="">All schemas</option>
            {(data?.available ? data.schemas : []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn-small"
          disabled={loading}
          onClick={() => void load(baseline?.id ?? null)}
        >
          Refresh
        </button>
        {data?.available && !baseline && (
          <button
            type="button"
            className="btn-small"
            title="Counts from now on: refresh later to see what ran since"
            onClick={() => {
              setBaseline({ id: data.snapshotId, takenAt: data.takenAt });
              setData({
                ...data,
                statements: [],
                baseline: { id: data.snapshotId, takenAt: data.takenAt },
              });
            }}
          >
            Start a window now
          </button>
        )}
        {baseline && (
          <button
            type="button"
            className="btn-small"
            onClick={() => {
              setBaseline(null);
              void load(null);
            }}
          >
            Show since server start
          </button>
        )}
        <span className="tune-window" data-testid="tune-window">
          {baseline
            ? `Window: since ${baseline.takenAt.slice(11, 19)} UTC`
            : 'Since the server started counting'}
        </span>
        {loading && <span className="hint">Loading…</span>}
      </div>
      {error && <ErrorNotice error={error} title="Could not read statement statistics" />}
      {data?.available && data.probablyTruncated && (
        <div className="notice notice-info" role="status">
          <span aria-hidden="true">ℹ</span>
          <div>
            The digest table was truncated (or most rows evicted) since the window started: figures
            count from then.
          </div>
        </div>
      )}
      {data?.available && (data.lostDigests ?? 0) > 0 && (
        <div className="notice notice-warning" role="status">
          <span aria-hidden="true">⚠</span>
          <div>
            {formatExactCount(data.lostDigests!)} statements were not summarised: the digest table
            is full (performance_schema_digests_size).
          </div>
        </div>
      )}
      <div className="tune-split">
        <div className="tune-table-wrap">
          {data?.available && statements.length === 0 ? (
            <div className="empty-state" data-testid="tune-empty">
              {baseline
                ? 'Nothing ran in this window yet. Run your workload, then press Refresh.'
                : schema
                  ? `No statements ran with ${schema} as the default schema. Pick “All schemas”, or USE ${schema} in the application.`
                  : 'The server has not summarised any statement yet.'}
            </div>
          ) : (
            <table className="tune-table" aria-label="Top statements">
              <thead>
                <tr>
                  <th>Statement</th>
                  {COLUMNS.map((c) => (
                    <th
                      key={c.key}
                      className="num"
                      title={c.title}
                      aria-sort={sortKey === c.key ? 'descending' : 'none'}
                    >
                      <button type="button" className="btn-link" onClick={() => setSortKey(c.key)}>
                        {c.label}
                        {sortKey === c.key ? ' ▼' : ''}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {statements.map((s) => {
                  const ratio = examinedPerSent(s);
                  const sev = ratioSeverity(ratio);
                  const k = keyOf(s);
                  return (
                    <tr
                      key={k}
                      className={k === selected ? 'tune-selected' : undefined}
                      onClick={() => setSelected(k)}
                      data-testid="tune-row"
                    >
                      <td className="tune-text" title={s.digestText ?? ''}>
                        {s.schema && !schema && <span className="tune-schema">{s.schema}</span>}
                        <span className="mono">{s.digestText ?? '(other statements)'}</span>
                      </td>
                      <Num n={s.totalLatencyMs} format={formatMs} />
                      <Num n={s.calls ? s.totalLatencyMs / s.calls : 0} format={formatMs} />
                      <Num n={s.calls} />
                      <Num n={s.rowsExamined} />
                      <Num n={s.rowsSent} />
                      <td className={`num tune-ratio-${sev}`} title="Rows examined per row sent">
                        {sev !== 'ok' && <span aria-hidden="true">⚠ </span>}
                        {formatRows(ratio)}
                      </td>
                      <td className={`num${fullScans(s) ? ' tune-bad' : ''}`}>
                        {formatExactCount(fullScans(s))}
                      </td>
                      <Num n={s.tmpDiskTables} />
                      <Num n={s.sortMergePasses} />
                      <td className="num">
                        {s.errors}/{s.warnings}
                      </td>
                      <td className="num tune-seen" title={`First seen ${s.firstSeen}`}>
                        {s.lastSeen.slice(5, 19)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {data?.available && data.omitted > 0 && (
            <p className="hint">
              {formatExactCount(data.omitted)} cheaper statements are not listed; filter by schema
              to see them.
            </p>
          )}
        </div>
        {current && data?.available && (
          <StatementDetail
            key={keyOf(current)}
            {...props}
            statement={current}
            sampleSource={data.sampleSource}
          />
        )}
      </div>
    </div>
  );
}

function keyOf(s: TopStatement): string {
  return `${s.schema ?? ''}/${s.digest ?? ''}`;
}
