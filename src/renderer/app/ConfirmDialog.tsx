import { useState } from 'react';
import type { ConnectionColor } from '../../shared/api/connection';

export interface ConfirmRequest {
  title: string;
  /** What will happen, in plain words. */
  consequence: string;
  /** The exact statement or operation, shown copyable. */
  detail: string;
  connectionName: string;
  color: ConnectionColor;
  /** Production connections require typing the connection's name. */
  typedConfirmation: boolean;
  confirmLabel: string;
}

/** The one confirmation every destructive action uses. */
export function ConfirmDialog({
  request,
  onConfirm,
  onCancel,
}: {
  request: ConfirmRequest;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const allowed = !request.typedConfirmation || typed === request.connectionName;
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title">
          <span className={`color-dot color-${request.color}`} aria-hidden="true" /> {request.title}
        </h2>
        <p>{request.consequence}</p>
        <pre className="confirm-detail" aria-label="Exact operation">
          {request.detail}
        </pre>
        <button
          type="button"
          className="btn-link"
          onClick={() => navigator.clipboard?.writeText(request.detail)}
        >
          Copy
        </button>
        {request.typedConfirmation && (
          <label className="field">
            <span>
              Type <strong>{request.connectionName}</strong> to confirm
            </span>
            <input value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus />
          </label>
        )}
        <div className="modal-actions">
          <button type="button" onClick={onCancel} autoFocus={!request.typedConfirmation}>
            Cancel
          </button>
          <button type="button" className="btn-danger" disabled={!allowed} onClick={onConfirm}>
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
