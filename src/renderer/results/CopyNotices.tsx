import { formatExactCount } from '../../shared/format/count';
import { Notice } from '../ui/Notice';
import { COPY_ROW_LIMIT, type ResultCopy } from './use-result-copy';

/** A copy waiting on rows not fetched yet (fetch them, copy those here, or cancel), then its outcome. */
export function CopyNotices({ copy }: { copy: ResultCopy }) {
  const { pending, note } = copy;
  return (
    <>
      {pending && (
        <Notice severity="info" role="alert">
          The selection covers {formatExactCount(pending.rows.length)} rows; only{' '}
          {formatExactCount(pending.fetched)} of them are fetched into the grid.{' '}
          {pending.rows.length <= COPY_ROW_LIMIT ? (
            <button type="button" className="btn-link" onClick={() => copy.copyPending('all')}>
              Fetch all {formatExactCount(pending.rows.length)} and copy
            </button>
          ) : (
            <>More than {formatExactCount(COPY_ROW_LIMIT)} rows: use Export full result….</>
          )}{' '}
          {pending.fetched > 0 && (
            <button type="button" className="btn-link" onClick={() => copy.copyPending('fetched')}>
              Copy only the {formatExactCount(pending.fetched)} fetched
            </button>
          )}{' '}
          <button type="button" className="btn-link" onClick={copy.cancelPending}>
            Cancel
          </button>
        </Notice>
      )}
      {note && (
        <div
          className={`copy-note ${note.ok ? 'copy-note-ok' : 'copy-note-error'}`}
          role="status"
          data-testid="copy-note"
        >
          {note.text}
        </div>
      )}
    </>
  );
}
