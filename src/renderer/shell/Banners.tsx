import { useState } from 'react';
import type { AppInfo } from '../../shared/api/contract';
import { StoreWriteNotice } from '../app/StoreWriteNotice';
import { NO_TOKEN_REASON } from '../app/ws-transport';
import { clockTime } from '../ui/clock-time';
import type { BackendState } from './use-session-events';

/** App-wide news above everything: the backend stopped, the store could not be read or written. */
export function Banners({ backend, appInfo }: { backend: BackendState; appInfo: AppInfo | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [dismissedStop, setDismissedStop] = useState<number | null>(null);
  const warning = appInfo?.storeWarning;
  return (
    <>
      {backend.state === 'down' && (
        <div className="banner banner-danger" role="alert" data-testid="backend-down">
          <span aria-hidden="true">⚠</span>{' '}
          {backend.reason ?? 'The backend stopped; restarting it.'}
          {/* A page without its token never had a session. */}
          {backend.reason !== NO_TOKEN_REASON && ' Open sessions were closed.'}
        </div>
      )}
      {backend.state === 'up' &&
        backend.stoppedWithSessionsAt !== null &&
        backend.stoppedWithSessionsAt !== dismissedStop && (
          <div className="banner banner-warning" role="alert" data-testid="backend-restarted">
            <span aria-hidden="true">⚠</span>
            <span className="banner-text">
              The backend stopped at {clockTime(backend.stoppedWithSessionsAt)} and was started
              again: the tabs of its sessions were closed. A statement they were running may still
              run on its server until the server notices the connection is gone, holding its locks:
              look for it in the processlist.
            </span>
            <button
              type="button"
              className="btn-small"
              onClick={() => setDismissedStop(backend.stoppedWithSessionsAt)}
            >
              Dismiss
            </button>
          </div>
        )}
      {warning && warning !== dismissed && (
        <div className="banner banner-warning" role="alert">
          <span aria-hidden="true">⚠</span>
          <span className="banner-text">{warning}</span>
          <button type="button" className="btn-small" onClick={() => setDismissed(warning)}>
            Dismiss
          </button>
        </div>
      )}
      <StoreWriteNotice initial={appInfo?.storeWrites} />
    </>
  );
}
