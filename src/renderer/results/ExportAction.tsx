import { useState } from 'react';
import type { QueryStatus } from '../../shared/api/query';
import { ExportDialog } from './ExportDialog';

/**
 * "Export full result…": opens the export dialog for a finished result that has rows. Shown in
 * the result header, and prominently in the notice of a result cut at a limit - that is where
 * the rest of the rows are.
 */
export function ExportAction({
  status,
  prominent = false,
}: {
  status: QueryStatus;
  prominent?: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!status.columns || status.columns.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className={`export-action btn-small${prominent ? ' btn-primary' : ''}`}
        disabled={status.state === 'running'}
        title={
          status.state === 'running'
            ? 'Available once the statement has finished'
            : 'Run the statement again and write every row to a CSV or JSON Lines file'
        }
        onClick={() => setOpen(true)}
      >
        Export full result…
      </button>
      {open && <ExportDialog status={status} onClose={() => setOpen(false)} />}
    </>
  );
}
