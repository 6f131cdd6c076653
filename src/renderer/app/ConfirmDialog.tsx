import { useState } from 'react';
import type { ConfirmRequest } from './confirm-request';
import { Field } from '../ui/Field';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { revealHiddenCharacters } from '../../shared/text/hidden-characters';

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
  // Shown with its hidden characters made visible; the text itself is what runs and is copied.
  const revealed = revealHiddenCharacters(request.detail);
  // The title and the words name the same objects: an override there would garble them too.
  const title = revealHiddenCharacters(request.title).shown;
  const consequence = revealHiddenCharacters(request.consequence).shown;
  return (
    <Modal
      title={
        <>
          <span className={`color-dot color-${request.color}`} aria-hidden="true" /> {title}
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
      <p>{consequence}</p>
      {revealed.hidden > 0 && (
        <Notice severity="warning" testId="confirm-hidden-characters">
          This contains {revealed.hidden} invisible or direction-changing character
          {revealed.hidden === 1 ? '' : 's'} (in a name or a value), shown below as ⟨U+…⟩ so that
          what you read is what runs. They are sent as they are.
        </Notice>
      )}
      <pre className="confirm-detail" aria-label="Exact operation">
        {revealed.shown}
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
