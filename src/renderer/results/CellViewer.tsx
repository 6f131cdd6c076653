import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import { MAX_CELL_SLICE, type Cell, type ResultColumn } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { formatBytes } from '../grid/cell-text';
import { hexDump } from './hex-dump';
import { jsonProblem, prettyJson } from './pretty-json';

/** Characters of text shown at first and added per "Load more": a few MB, never all of 100 MB. */
const TEXT_STEP = 2 * 1024 * 1024;
/** Bytes shown at first and added per "Load more" (a hex dump line holds 16 of them). */
const BYTES_STEP = 64 * 1024;
/** Text up to this size may be loaded whole to format it as JSON. */
const JSON_WHOLE_LIMIT = 16 * 1024 * 1024;

/** What the viewer holds of the value so far. */
interface Loaded {
  kind: 'null' | 'text' | 'binary';
  /** The text, or the bytes as hex. */
  data: string;
  /** Characters or bytes in the whole value. */
  total: number;
}

function fromCell(cell: Cell): Loaded {
  if (cell === null) return { kind: 'null', data: '', total: 0 };
  if (typeof cell === 'string') return { kind: 'text', data: cell, total: cell.length };
  if (cell.t === 'bin') return { kind: 'binary', data: cell.hex, total: cell.bytes };
  return { kind: 'text', data: cell.text, total: cell.chars };
}

const loadedSize = (l: Loaded) => (l.kind === 'binary' ? l.data.length / 2 : l.data.length);

/**
 * One value in full, in a dialog: text as is (JSON pretty-printed for JSON columns, or on
 * request when it parses), bytes as a hex dump with offsets, and a Copy button. A huge value is
 * fetched with `query.cell` in slices - the first MB or two, then more on request - so a 100 MB
 * cell never freezes the window; the header always says how big the whole value is.
 */
export function CellViewer({
  queryId,
  column,
  columnIndex,
  row,
  cell,
  onClose,
}: {
  queryId: string;
  column: ResultColumn;
  columnIndex: number;
  /** The result's row index. */
  row: number;
  /** The cell as the grid has it (a preview when the value is long). */
  cell: Cell;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>(() => fromCell(cell));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const isJsonColumn = column.typeName === 'JSON';
  const [asJson, setAsJson] = useState(isJsonColumn);
  const [copied, setCopied] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const complete = loadedSize(loaded) >= loaded.total;

  /** Fetches more of the value: `upTo` characters or bytes in all, slice by slice. */
  const loadUpTo = useCallback(
    async (upTo: number) => {
      setLoading(true);
      setError(null);
      try {
        let current = loaded;
        while (loadedSize(current) < Math.min(upTo, current.total)) {
          const offset = loadedSize(current);
          const slice = await api.call('query.cell', {
            queryId,
            row,
            column: columnIndex,
            offset,
            length: Math.min(MAX_CELL_SLICE, upTo - offset),
          });
          if (slice.data.length === 0) break;
          current = { ...current, data: current.data + slice.data, total: slice.total };
          setLoaded(current);
        }
      } catch (e) {
        setError(errorShapeOf(e));
      } finally {
        setLoading(false);
      }
    },
    [loaded, queryId, row, columnIndex],
  );

  // The grid holds only a preview of long values: fetch the first part of the rest at once.
  const step = loaded.kind === 'binary' ? BYTES_STEP : TEXT_STEP;
  useEffect(() => {
    if (!complete && loadedSize(loaded) < step) void loadUpTo(step);
    closeRef.current?.focus();
    // Once, when the viewer opens.
  }, []);

  // Escape closes the viewer wherever the focus went (a button disabled while loading drops it).
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const problem = useMemo(
    () => (asJson && complete && loaded.kind === 'text' ? jsonProblem(loaded.data) : null),
    [asJson, complete, loaded],
  );
  const shown = useMemo(() => {
    if (loaded.kind === 'binary') return hexDump(loaded.data);
    if (asJson && complete && problem === null) return prettyJson(loaded.data);
    return loaded.data;
  }, [loaded, asJson, complete, problem]);

  const unit = loaded.kind === 'binary' ? 'bytes' : 'characters';
  const copyText = loaded.kind === 'binary' ? `0x${loaded.data.toUpperCase()}` : shown;
  const copy = () => {
    navigator.clipboard.writeText(copyText).then(
      () => setCopied(complete ? 'Copied.' : 'Copied the part loaded.'),
      (e: unknown) => setCopied(`Could not copy: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  const looksLikeJson = loaded.kind === 'text' && /^\s*[[{]/.test(loaded.data);

  return (
    <div className="modal-backdrop" role="presentation" onMouseDown={onClose}>
      <div
        className="modal modal-wide cell-viewer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cell-viewer-title"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <h2 id="cell-viewer-title">
          <span className="mono">{column.name}</span>
          <span className="cell-viewer-meta">
            {column.typeName} · row {formatExactCount(row + 1)} ·{' '}
            {loaded.kind === 'null' ? 'NULL' : `${formatExactCount(loaded.total)} ${unit}`}
          </span>
        </h2>
        {cell !== null && typeof cell === 'object' && cell.wholeBytes !== undefined && (
          <div className="notice notice-info" role="status" data-testid="cell-viewer-cut">
            <span aria-hidden="true">ℹ</span>
            <div>
              Cut while it arrived: only the start of this {formatBytes(cell.wholeBytes)} value was
              kept, to stay within the result&apos;s memory limit (Settings).
            </div>
          </div>
        )}
        {loaded.kind === 'text' && (isJsonColumn || looksLikeJson) && (
          <div className="segmented-buttons" role="group" aria-label="Show as">
            <button
              type="button"
              className="btn-small"
              aria-pressed={!asJson}
              onClick={() => setAsJson(false)}
            >
              Text
            </button>
            <button
              type="button"
              className="btn-small"
              aria-pressed={asJson}
              onClick={() => setAsJson(true)}
            >
              Formatted JSON
            </button>
          </div>
        )}
        {asJson && problem !== null && loaded.kind === 'text' && (
          <div className="notice notice-info" role="status">
            <span aria-hidden="true">ℹ</span>
            <div>Not valid JSON, shown as text: {problem}</div>
          </div>
        )}
        {asJson && !complete && loaded.kind === 'text' && (
          <div className="notice notice-info" role="status">
            <span aria-hidden="true">ℹ</span>
            <div>
              Formatting needs the whole value.{' '}
              {loaded.total <= JSON_WHOLE_LIMIT ? (
                <button
                  type="button"
                  className="btn-link"
                  disabled={loading}
                  onClick={() => void loadUpTo(loaded.total)}
                >
                  Load all {formatExactCount(loaded.total)} characters
                </button>
              ) : (
                'It is too large to format here; copy or export it instead.'
              )}
            </div>
          </div>
        )}
        {loaded.kind === 'null' ? (
          <p className="cell-viewer-null">NULL: no value (not the text “NULL”).</p>
        ) : (
          <pre
            className={`cell-viewer-text${loaded.kind === 'binary' ? ' cell-viewer-hex' : ''}`}
            data-testid="cell-viewer-text"
            tabIndex={0}
          >
            {shown}
          </pre>
        )}
        {error && <ErrorNotice error={error} title="Could not load the value" />}
        <div className="modal-actions cell-viewer-actions">
          {!complete && (
            <span className="cell-viewer-partial" role="status">
              Showing the first {formatExactCount(loadedSize(loaded))} of{' '}
              {formatExactCount(loaded.total)} {unit}
              {loading && ' · loading…'}
            </span>
          )}
          {!complete && (
            <button
              type="button"
              disabled={loading}
              onClick={() => void loadUpTo(loadedSize(loaded) + step)}
            >
              Load more
            </button>
          )}
          <span className="spacer" />
          {copied && (
            <span className="cell-viewer-copied" role="status">
              {copied}
            </span>
          )}
          {loaded.kind !== 'null' && (
            <button type="button" onClick={copy}>
              {complete ? 'Copy' : 'Copy loaded part'}
            </button>
          )}
          <button type="button" ref={closeRef} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
