import { useEffect, useMemo, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import { MAX_CELL_SLICE, type Cell, type ResultColumn } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { FailureNotice } from '../ui/FailureNotice';
import { formatBytes } from '../grid/cell-text';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
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
 * Fetches the value after `from` with `query.cell`, slice by slice, until `upTo` characters or
 * bytes are there (or the value ends); hands over what it has after each slice.
 */
async function fetchSlices(
  cell: { queryId: string; row: number; column: number },
  from: Loaded,
  upTo: number,
  onSlice: (loaded: Loaded) => void,
): Promise<void> {
  let current = from;
  while (loadedSize(current) < Math.min(upTo, current.total)) {
    const offset = loadedSize(current);
    const slice = await api.call('query.cell', {
      ...cell,
      offset,
      length: Math.min(MAX_CELL_SLICE, upTo - offset),
    });
    if (slice.data.length === 0) break;
    current = { ...current, data: current.data + slice.data, total: slice.total };
    onSlice(current);
  }
}

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
  const [initial] = useState<Loaded>(() => fromCell(cell));
  const [loaded, setLoaded] = useState<Loaded>(initial);
  // The grid holds only a preview of long values: the first part of the rest comes at once.
  const [firstStep] = useState(() => {
    const step = initial.kind === 'binary' ? BYTES_STEP : TEXT_STEP;
    return loadedSize(initial) < Math.min(step, initial.total) ? step : null;
  });
  const [loading, setLoading] = useState(firstStep !== null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const isJsonColumn = column.typeName === 'JSON';
  const [asJson, setAsJson] = useState(isJsonColumn);
  const [copied, setCopied] = useState<string | null>(null);
  const complete = loadedSize(loaded) >= loaded.total;

  const loadUpTo = (upTo: number) => {
    setLoading(true);
    setError(null);
    fetchSlices({ queryId, row, column: columnIndex }, loaded, upTo, setLoaded)
      .catch((e: unknown) => setError(errorShapeOf(e)))
      .finally(() => setLoading(false));
  };

  useEffect(() => {
    if (firstStep === null) return;
    fetchSlices({ queryId, row, column: columnIndex }, initial, firstStep, setLoaded)
      .catch((e: unknown) => setError(errorShapeOf(e)))
      .finally(() => setLoading(false));
  }, [queryId, row, columnIndex, initial, firstStep]);

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
  const step = loaded.kind === 'binary' ? BYTES_STEP : TEXT_STEP;
  const copyText = loaded.kind === 'binary' ? `0x${loaded.data.toUpperCase()}` : shown;
  const copy = () => {
    navigator.clipboard.writeText(copyText).then(
      () => setCopied(complete ? 'Copied.' : 'Copied the part loaded.'),
      (e: unknown) => setCopied(`Could not copy: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  const looksLikeJson = loaded.kind === 'text' && /^\s*[[{]/.test(loaded.data);

  return (
    <Modal
      size="wide"
      className="cell-viewer"
      closeOnBackdrop
      onClose={onClose}
      title={
        <>
          <span className="mono">{column.name}</span>
          <span className="cell-viewer-meta">
            {column.typeName} · row {formatExactCount(row + 1)} ·{' '}
            {loaded.kind === 'null' ? 'NULL' : `${formatExactCount(loaded.total)} ${unit}`}
          </span>
        </>
      }
      actions={
        <>
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
              onClick={() => loadUpTo(loadedSize(loaded) + step)}
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
          <button type="button" data-autofocus onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {cell !== null && typeof cell === 'object' && cell.wholeBytes !== undefined && (
        <Notice severity="info" testId="cell-viewer-cut">
          Cut while it arrived: only the start of this {formatBytes(cell.wholeBytes)} value was
          kept, to stay within the result&apos;s memory limit (Settings).
        </Notice>
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
        <Notice severity="info" role="status">
          Not valid JSON, shown as text: {problem}
        </Notice>
      )}
      {asJson && !complete && loaded.kind === 'text' && (
        <Notice severity="info" role="status">
          Formatting needs the whole value.{' '}
          {loaded.total <= JSON_WHOLE_LIMIT ? (
            <button
              type="button"
              className="btn-link"
              disabled={loading}
              onClick={() => loadUpTo(loaded.total)}
            >
              Load all {formatExactCount(loaded.total)} characters
            </button>
          ) : (
            'It is too large to format here; copy or export it instead.'
          )}
        </Notice>
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
      {error && <FailureNotice error={error} title="Could not load the value" />}
    </Modal>
  );
}
