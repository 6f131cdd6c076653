import { useState } from 'react';
import type { HostCredential } from '../../shared/api/replication';
import { hostPort } from '../../shared/server/host-port';

/**
 * Asks for a login to one server that refused the session's (kept in memory for this screen
 * only, never saved): discovery then tries again with it.
 */
export function HostLogin({
  host,
  port,
  onLogin,
}: {
  host: string;
  port: number;
  onLogin: (credential: HostCredential) => void;
}) {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form
      className="rp-login"
      aria-label={`Log in to ${hostPort(host, port)}`}
      onSubmit={(e) => {
        e.preventDefault();
        onLogin({ host, port, password, ...(user.trim() !== '' ? { user: user.trim() } : {}) });
      }}
    >
      <span className="rp-muted">
        Log in to {host}:{port} another way (kept for this screen only):
      </span>
      <input
        aria-label="User"
        placeholder="same user"
        value={user}
        onChange={(e) => setUser(e.target.value)}
        autoComplete="off"
      />
      <input
        aria-label="Password"
        type="password"
        placeholder="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="btn-small">
        Log in and refresh
      </button>
    </form>
  );
}
