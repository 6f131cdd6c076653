import type { ApiErrorShape, SshHostKeyInfo } from '../../shared/api/errors';
import { hostPort } from '../../shared/server/host-port';
import { Notice } from '../ui/Notice';
import { ConfirmedAction } from './ConfirmedAction';

/** The key an SSH server presented: its type and fingerprint, selectable to compare or copy. */
function PresentedKey({ hostKey, label }: { hostKey: SshHostKeyInfo; label: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <span className="mono" data-testid="ssh-presented-algorithm">
          {hostKey.algorithm}
        </span>{' '}
        <code className="mono fingerprint" data-testid="ssh-presented-fingerprint">
          {hostKey.fingerprint}
        </code>
      </dd>
    </>
  );
}

/**
 * A test refused by the host key check: the key the SSH server presented, and the one way to
 * go on. An unknown key is a question (trust on first use); a changed one is a warning that
 * needs a deliberate, confirmed replacement.
 */
export function HostKeyNotice({
  error,
  hostKey,
  busy,
  savedPasswords,
  onTrust,
}: {
  error: ApiErrorShape;
  hostKey: SshHostKeyInfo;
  busy: boolean;
  /** The connection has saved passwords, which are not sent to a replaced key. */
  savedPasswords: boolean;
  onTrust: () => void;
}) {
  const server = hostPort(hostKey.host, hostKey.port);
  if (error.code === 'SSH_HOST_KEY_UNKNOWN') {
    return (
      <Notice
        severity="warning"
        role="alert"
        title="Unknown SSH host key"
        testId="ssh-host-key-notice"
        data={{ 'data-error-code': error.code }}
        actions={
          <button type="button" className="btn-primary" onClick={onTrust} disabled={busy}>
            Trust this host key
          </button>
        }
        meta={error.code}
      >
        The SSH server {server} is not known to this connection yet, so nothing was sent to it.
        Trust its key only if the fingerprint matches the one its administrator gives you (
        <code className="mono">ssh-keygen -lf</code> on the server&apos;s host key prints it).
        <dl className="facts key-facts">
          <PresentedKey hostKey={hostKey} label="Presented key" />
        </dl>
      </Notice>
    );
  }
  return (
    <Notice
      severity="danger"
      title="The SSH host key has changed: someone may be intercepting this connection"
      testId="ssh-host-key-notice"
      data={{ 'data-error-code': error.code }}
      actions={
        <ConfirmedAction
          confirmation="The server's administrator confirmed the new fingerprint"
          label="Replace the saved key"
          busy={busy}
          onConfirm={onTrust}
        />
      }
      meta={error.code}
    >
      The SSH server {server} presented a different key than the one saved for this connection.
      Nothing was sent to it. An attacker in the middle would do this to capture your passwords.
      Check with the server&apos;s administrator whether its host key was changed; replace the saved
      key only if they confirm the new fingerprint.
      {savedPasswords && (
        <p data-testid="ssh-key-retype">
          The saved passwords of this connection are only sent to the server they were saved for:
          after replacing the key, type them again.
        </p>
      )}
      <dl className="facts key-facts">
        <dt>Saved key</dt>
        <dd>
          <code className="mono fingerprint" data-testid="ssh-saved-fingerprint">
            {hostKey.expected ?? '—'}
          </code>
        </dd>
        <PresentedKey hostKey={hostKey} label="Presented key" />
      </dl>
    </Notice>
  );
}
