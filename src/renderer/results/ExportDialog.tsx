import { useEffect, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ExportFormat } from '../../shared/api/export';
import type { QueryStatus } from '../../shared/api/query';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { FailureNotice } from '../ui/FailureNotice';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Field } from '../ui/Field';
import { baseName, useExportDestinations, type ExportDestination } from './export-destination';
import { ExportDestinationChoice } from './ExportDestinationChoice';
import { ExportFormatChoice, withExtension } from './ExportFormatChoice';
import { ExportProgress } from './ExportProgress';
import { useExportRun } from './use-export-run';

/**
 * Exports a result in full: in browser mode as a download (the default) or to a file on the
 * machine running the backend, in the desktop app to a file. Pick the format and the name or
 * path (a fresh name in the home folder to start with), then follow the progress - rows, bytes,
 * time - and cancel if needed. The statement runs again on this session, which is busy
 * meanwhile; the dialog stays open until the export ends.
 */
export function ExportDialog({ status, onClose }: { status: QueryStatus; onClose: () => void }) {
  const destinations = useExportDestinations();
  const [destination, setDestination] = useState<ExportDestination>(destinations[0]!);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [path, setPath] = useState('');
  const [fileName, setFileName] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const { run, adopt } = useExportRun(status.queryId);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [starting, setStarting] = useState(false);
  /** What the backend wants the user's word on before it writes (see `query.export`). */
  const [ask, setAsk] = useState<{
    field: 'confirmedFolder' | 'overwrite';
    message: string;
  } | null>(null);
  /** Folders the user confirmed in this dialog; the backend remembers them after a start. */
  const [confirmed, setConfirmed] = useState<{ folder: boolean }>({ folder: false });
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
        setFileName((n) => n || baseName(r.path));
        pathRef.current?.focus();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

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
      const started =
        destination === 'download'
          ? await api.call('query.exportDownload', { queryId: status.queryId, format, fileName })
          : await api.call('query.export', {
              queryId: status.queryId,
              format,
              path,
              overwrite: consent.overwrite,
              confirmedFolder: consent.folder,
            });
      await adopt(started);
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
  const target = destination === 'download' ? fileName : path;
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
              disabled={starting || target.trim() === ''}
              onClick={() => void start()}
            >
              {run ? 'Export again' : 'Export'}
            </button>
          )}
        </>
      }
    >
      <p className="export-explain">
        Runs the statement again on this session and writes every row - not only the rows fetched
        into the grid -{' '}
        {destination === 'download'
          ? 'to a file your browser downloads'
          : 'to a file on the machine running Sightline’s backend'}
        . The session is busy until it ends.
      </p>
      <ExportFormatChoice
        format={format}
        disabled={locked}
        onChange={(f) => {
          setFormat(f);
          setPath((p) => withExtension(p, f));
          setFileName((n) => withExtension(n, f));
        }}
      />
      <ExportDestinationChoice
        destinations={destinations}
        destination={destination}
        disabled={locked}
        onChange={(d) => {
          setDestination(d);
          setError(null);
          setAsk(null);
        }}
      />
      <fieldset disabled={locked}>
        <Field
          label={
            destination === 'download'
              ? 'File name'
              : 'File (on the backend’s machine; ~/ is the home folder)'
          }
        >
          {(control) => (
            <input
              {...control}
              ref={pathRef}
              className="mono"
              value={target}
              spellCheck={false}
              onChange={(e) => {
                if (destination === 'download') return setFileName(e.target.value);
                setPath(e.target.value);
                // A confirmation was for the path shown then, not for whatever is typed next.
                setAsk(null);
                setConfirmed({ folder: false });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && target.trim() !== '' && !starting) void start();
              }}
              aria-invalid={error?.code === 'FILE_ERROR' ? true : undefined}
            />
          )}
        </Field>
        {destination === 'disk' && (
          <label className="check">
            <input
              type="checkbox"
              checked={overwrite}
              onChange={(e) => setOverwrite(e.target.checked)}
            />
            Replace the file if it exists
          </label>
        )}
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
      {error && <FailureNotice error={error} title="Could not start the export" />}
      {run && <ExportProgress run={run} expected={expected} />}
    </Modal>
  );
}
