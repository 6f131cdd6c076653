import { useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import { Field } from '../ui/Field';
import { Modal } from '../ui/Modal';

/** Asks for the password of an "ask each time" connection; it is used once, never stored. */
export function PasswordPrompt({
  connection,
  onSubmit,
  onCancel,
}: {
  connection: SavedConnection;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Modal
      title={
        <>
          <span className={`color-dot color-${connection.color}`} aria-hidden="true" /> Password for{' '}
          {connection.user}@{connection.name}
        </>
      }
      onClose={onCancel}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(password);
      }}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-primary">
            Connect
          </button>
        </>
      }
    >
      <Field label="Password">
        {(control) => (
          <input
            {...control}
            type="password"
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
    </Modal>
  );
}
