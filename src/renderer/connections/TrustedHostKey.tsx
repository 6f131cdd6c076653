import { draftHostKey, draftSshTarget } from './connection-draft';
import { useDraftForm } from './draft-form';
import { FingerprintField } from './FingerprintField';

/**
 * The SSH server's host key this connection trusts: none yet (Test shows the key to check), the
 * fingerprint with a way to forget it, and whether it applies to the SSH server now typed.
 */
export function TrustedHostKey() {
  const { draft, errors, existing, update } = useDraftForm();
  const hostKey = draftHostKey(draft);
  return (
    <FingerprintField
      id="ssh-host-key"
      label="Trusted host key"
      fingerprint={draft.sshHostKeySha256}
      fingerprintTestId="ssh-trusted-fingerprint"
      noneHint="None yet: Test shows the SSH server's key, to check and trust it."
      otherServer={
        draft.sshHostKeySha256 !== '' && hostKey === undefined
          ? `Trusted for ${draft.sshHostKeyFor}, not for ${draftSshTarget(draft)}: Test shows the new server's key.`
          : null
      }
      unsaved={hostKey !== undefined && hostKey !== existing?.ssh?.hostKeySha256}
      error={errors.sshHostKeySha256}
      onForget={() =>
        update((d) => ({ ...d, sshHostKeySha256: '', sshHostKeyFor: '' }), 'sshHostKeySha256')
      }
    />
  );
}
