import clsx from 'clsx';
import { SeverityIcon } from '../ui/SeverityIcon';
import { draftHostKey, draftSshTarget } from './connection-draft';
import { useDraftForm } from './draft-form';

/**
 * The SSH server's host key this connection trusts: none yet (Test shows the key to check), the
 * fingerprint with a way to forget it, and whether it applies to the SSH server now typed.
 */
export function TrustedHostKey() {
  const { draft, errors, existing, update } = useDraftForm();
  const hostKey = draftHostKey(draft);
  const error = errors.sshHostKeySha256;
  const forget = () =>
    update((d) => ({ ...d, sshHostKeySha256: '', sshHostKeyFor: '' }), 'sshHostKeySha256');
  return (
    <div className={clsx('field', error && 'field-invalid')} data-testid="ssh-host-key">
      {draft.sshHostKeySha256 !== '' ? (
        <>
          <div className="row host-key-heading">
            <span className="field-hint" id="ssh-host-key-label">
              Trusted host key
            </span>
            <button
              type="button"
              className="btn-small"
              onClick={forget}
              aria-label="Forget the trusted host key"
            >
              Forget
            </button>
          </div>
          <code
            className="mono fingerprint"
            aria-labelledby="ssh-host-key-label"
            data-testid="ssh-trusted-fingerprint"
          >
            {draft.sshHostKeySha256}
          </code>
        </>
      ) : (
        <>
          <span>Trusted host key</span>
          <span className="field-hint">
            None yet: Test shows the SSH server&apos;s key, to check and trust it.
          </span>
        </>
      )}
      {draft.sshHostKeySha256 !== '' && hostKey === undefined && (
        <span className="field-hint">
          Trusted for {draft.sshHostKeyFor}, not for {draftSshTarget(draft)}: Test shows the new
          server&apos;s key.
        </span>
      )}
      {hostKey !== undefined && hostKey !== existing?.ssh?.hostKeySha256 && (
        <span className="field-hint">Not saved yet: Save keeps it.</span>
      )}
      {error && (
        <span className="field-error" role="alert">
          <SeverityIcon severity="warning" className="field-error-icon" /> {error}
        </span>
      )}
    </div>
  );
}
