import type { ExportStatus } from '../../shared/api/export';
import { formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import { FailureNotice } from '../ui/FailureNotice';
import { formatBytes } from '../grid/cell-text';
import { Notice } from '../ui/Notice';
import { formatCount } from '../../shared/format/count';

/** Rows and bytes written, elapsed time, and how it ended (on disk, or handed to the browser). */
export function ExportProgress({ run, expected }: { run: ExportStatus; expected: number | null }) {
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
      {run.state === 'done' &&
        (run.download ? (
          <Notice severity="ok">
            Exported {counts}; your browser downloads it as{' '}
            <span className="mono export-path">{run.download.fileName}</span> (see its downloads).
          </Notice>
        ) : (
          <Notice severity="ok">
            Exported {counts} to <span className="mono export-path">{run.path}</span>
          </Notice>
        ))}
      {run.state === 'done' && run.formulaLikeCells > 0 && (
        <Notice severity="warning" testId="export-formula-cells">
          {formatCount(run.formulaLikeCells)} cell{run.formulaLikeCells === 1 ? '' : 's'} start
          {run.formulaLikeCells === 1 ? 's' : ''} with =, +, -, @ or a tab and{' '}
          {run.formulaLikeCells === 1 ? 'is' : 'are'} not a number: a spreadsheet opening this file
          may run {run.formulaLikeCells === 1 ? 'it as a formula' : 'them as formulas'} (a link that
          sends the sheet away, a command).{' '}
          {run.formulaLikeCells === 1 ? 'It is written as it is' : 'They are written as they are'};
          open the file with the columns imported as text if the data is not yours.
        </Notice>
      )}
      {run.state === 'cancelled' && (
        <Notice severity="warning">{run.error?.message ?? 'Export cancelled.'}</Notice>
      )}
      {run.state === 'error' && run.error && (
        <FailureNotice error={run.error} title="The export failed" />
      )}
    </div>
  );
}
