import { useState } from 'react';
import type { ConfirmRequest } from './confirm-request';
import { Field } from '../ui/Field';
import { Modal } from '../ui/Modal';

export type { ConfirmRequest } from './confirm-request';

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
    <Modal
      title={
        <>
          <span className={`color-dot color-${request.color}`} aria-hidden="true" /> {request.title}
        </>
      }
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            onClick={onCancel}
            data-autofocus={request.typedConfirmation ? undefined : true}
          >
            Cancel
          </button>
          <button type="button" className="btn-danger" disabled={!allowed} onClick={onConfirm}>
            {request.confirmLabel}
          </button>
        </>
      }
    >
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
        <Field
          label={
            <>
              Type <strong>{request.connectionName}</strong> to confirm
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              data-autofocus
            />
          )}
        </Field>
      )}
    </Modal>
  );
}
