import { useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';

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
    <div className="modal-backdrop" role="presentation">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="password-title"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(password);
        }}
      >
        <h2 id="password-title">
          <span className={`color-dot color-${connection.color}`} aria-hidden="true" /> Password for{' '}
          {connection.user}@{connection.name}
        </h2>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <div className="modal-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-primary">
            Connect
          </button>
        </div>
      </form>
    </div>
  );
}
