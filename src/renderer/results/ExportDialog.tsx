import { useEffect, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ExportFormat, ExportStatus } from '../../shared/api/export';
import type { QueryStatus } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { formatBytes } from '../grid/cell-text';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Field } from '../ui/Field';

const FORMATS: Array<{ value: ExportFormat; label: string; hint: string }> = [
  {
    value: 'csv',
    label: 'CSV',
    hint: 'Header row; NULL is an empty field, the empty string is "", bytes are 0x-hex.',
  },
  {
    value: 'jsonl',
    label: 'JSON Lines',
    hint: 'One object per row; NULL is null, numbers are exact strings, bytes are {"$hex": …}.',
  },
];

/** The path with the extension of `format` when it had the other format's one. */
function withExtension(path: string, format: ExportFormat): string {
  return path.replace(/\.(csv|jsonl)$/i, `.${format}`);
}

/**
 * Exports a result in full to a file on the machine running the backend: pick the format and
 * the path (a fresh name in the home folder to start with), then follow the progress - rows,
 * bytes, time - and cancel if needed. The statement runs again on this session, which is busy
 * meanwhile; the dialog stays open until the export ends.
 */
export function ExportDialog({ status, onClose }: { status: QueryStatus; onClose: () => void }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [path, setPath] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [run, setRun] = useState<ExportStatus | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [starting, setStarting] = useState(false);
  /** What the backend wants the user's word on before it writes (see `query.export`). */
  const [ask, setAsk] = useState<{
    field: 'confirmedFolder' | 'overwrite';
    message: string;
  } | null>(null);
  /** Folders the user confirmed in this dialog; the backend remembers them after a start. */
  const [confirmed, setConfirmed] = useState<{ folder: boolean }>({ folder: false });
  const latest = useRef(new Map<string, ExportStatus>());
  const pathRef = useRef<HTMLInputElement>(null);
  const running = run?.state === 'running';
  /** The choices are fixed while an export runs and once one has succeeded. */
  const locked = running || run?.state === 'done';

  useEffect(() => {
    let live = true;
    api.call('export.defaultPath', { format: 'csv' }).then(
      (r) => {
        if (!live) return;
        setPath((p) => p || r.path);
        pathRef.current?.focus();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // Updates may come before `query.export` has answered: keep the latest of each.
  useEffect(
    () =>
      api.on('export.update', (s) => {
        if (s.queryId !== status.queryId) return;
        latest.current.set(s.exportId, s);
        setRun((r) => (r?.exportId === s.exportId ? s : r));
      }),
    [status.queryId],
  );

  const start = async (
    consent: { folder: boolean; overwrite: boolean } = {
      folder: confirmed.folder,
      overwrite,
    },
  ) => {
    setError(null);
    setAsk(null);
    setStarting(true);
    try {
      const started = await api.call('query.export', {
        queryId: status.queryId,
        format,
        path,
        overwrite: consent.overwrite,
        confirmedFolder: consent.folder,
      });
      setRun(latest.current.get(started.exportId) ?? started);
      // The end may have been announced before we listened: ask once.
      const now = await api.call('export.status', { exportId: started.exportId });
      setRun((r) => (r && r.state === 'running' ? now : r));
    } catch (e) {
      const shape = errorShapeOf(e);
      if (
        shape.code === 'FILE_ERROR' &&
        (shape.field === 'confirmedFolder' || shape.field === 'overwrite')
      ) {
        setAsk({ field: shape.field, message: shape.message });
      } else {
        setError(shape);
      }
    } finally {
      setStarting(false);
    }
  };

  const cancel = () => {
    if (run) void api.call('export.cancel', { exportId: run.exportId }).catch(() => undefined);
  };

  // The rows the first run got, when it got them all: what the progress bar aims at.
  const expected = status.truncated === null && status.state === 'done' ? status.rowCount : null;
  const close = () => {
    if (!running) onClose();
  };

  return (
    <Modal
      title="Export full result"
      className="export-dialog"
      onClose={close}
      actions={
        <>
          {running ? (
            <button type="button" className="btn-danger-outline" onClick={cancel}>
              Cancel export
            </button>
          ) : (
            <button type="button" onClick={onClose}>
              {run?.state === 'done' ? 'Close' : 'Cancel'}
            </button>
          )}
          {!running && run?.state !== 'done' && (
            <button
              type="button"
              className="btn-primary"
              disabled={starting || path.trim() === ''}
              onClick={() => void start()}
            >
              {run ? 'Export again' : 'Export'}
            </button>
          )}
        </>
      }
    >
      <p className="export-explain">
        Runs the statement again on this session and writes every row to a file on the machine
        running Sightline’s backend - not only the rows fetched into the grid. The session is busy
        until it ends.
      </p>
      <fieldset disabled={locked}>
        <legend>Format</legend>
        {FORMATS.map((f) => (
          <label key={f.value} className="check export-format">
            <input
              type="radio"
              name="export-format"
              value={f.value}
              checked={format === f.value}
              onChange={() => {
                setFormat(f.value);
                setPath((p) => withExtension(p, f.value));
              }}
            />
            <span>
              <strong>{f.label}</strong> <span className="field-hint">{f.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset disabled={locked}>
        <Field label="File (on the backend’s machine; ~/ is the home folder)">
          {(control) => (
            <input
              {...control}
              ref={pathRef}
              className="mono"
              value={path}
              spellCheck={false}
              onChange={(e) => {
                setPath(e.target.value);
                // A confirmation was for the path shown then, not for whatever is typed next.
                setAsk(null);
                setConfirmed({ folder: false });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && path.trim() !== '' && !starting) void start();
              }}
              aria-invalid={error?.code === 'FILE_ERROR' ? true : undefined}
            />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={overwrite}
            onChange={(e) => setOverwrite(e.target.checked)}
          />
          Replace the file if it exists
        </label>
      </fieldset>
      {ask && (
        <Notice
          severity="warning"
          role="alert"
          testId="export-ask"
          actions={
            <button
              type="button"
              className="btn-small"
              onClick={() => {
                if (ask.field === 'confirmedFolder') {
                  setConfirmed({ folder: true });
                  void start({ folder: true, overwrite });
                } else {
                  setOverwrite(true);
                  void start({ folder: confirmed.folder, overwrite: true });
                }
              }}
            >
              {ask.field === 'confirmedFolder' ? 'Yes, write into this folder' : 'Replace the file'}
            </button>
          }
        >
          {ask.message}
        </Notice>
      )}
      {error && <ErrorNotice error={error} title="Could not start the export" />}
      {run && <ExportProgress run={run} expected={expected} />}
    </Modal>
  );
}

/** Rows and bytes written, elapsed time, and how it ended. */
function ExportProgress({ run, expected }: { run: ExportStatus; expected: number | null }) {
  const counts = `${formatExactCount(run.rows)}${
    expected !== null && run.state === 'running' ? ` of ~${formatExactCount(expected)}` : ''
  } rows · ${formatBytes(run.bytes)} · ${formatDuration(run.elapsedMs)}`;
  return (
    <div className="export-progress" data-testid="export-progress" data-state={run.state}>
      {run.state === 'running' && (
        <>
          {expected ? (
            <progress max={expected} value={Math.min(run.rows, expected)} aria-label="Export" />
          ) : (
            <progress aria-label="Export" />
          )}
          <div className="num" role="status">
            Writing {counts}
          </div>
        </>
      )}
      {run.state === 'done' && (
        <Notice severity="ok">
          Exported {counts} to <span className="mono export-path">{run.path}</span>
        </Notice>
      )}
      {run.state === 'cancelled' && (
        <Notice severity="warning">{run.error?.message ?? 'Export cancelled.'}</Notice>
      )}
      {run.state === 'error' && run.error && (
        <ErrorNotice error={run.error} title="The export failed" />
      )}
    </div>
  );
}
