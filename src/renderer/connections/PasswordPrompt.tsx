import { useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import { Modal } from '../ui/Modal';
import { SecretField } from './SecretField';

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
      <SecretField
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="off"
        autoFocus
      />
    </Modal>
  );
}
