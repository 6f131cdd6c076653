import { Notice } from '../ui/Notice';
import { CheckField, TextField } from './DraftFields';
import { useDraftForm } from './draft-form';

/**
 * How the password is protected when the link may have no TLS ('off', or 'preferred' against a
 * server without TLS): a pinned server public key, or the warned opt-in to trust whatever key
 * the server sends. Without either, such a login is refused before the password is sent.
 */
export function PasswordKeyFields() {
  const { draft } = useDraftForm();
  if (draft.tlsMode !== 'off' && draft.tlsMode !== 'preferred') return null;
  return (
    <>
      <TextField
        label="Server public key file"
        field="serverPublicKeyFile"
        hint="Without TLS, the password is sent encrypted with this key only (the server's public_key.pem, like mysql --server-public-key-path)"
      />
      <CheckField field="getServerPublicKey">
        Request the server&apos;s public key (like mysql --get-server-public-key)
      </CheckField>
      {draft.getServerPublicKey && draft.serverPublicKeyFile.trim() === '' && (
        <Notice severity="warning" role="alert" testId="server-key-warning">
          Without TLS, anyone between you and the server can answer with their own key and read your
          password. Use this only on a network you trust; pin the key file or use TLS instead.
        </Notice>
      )}
    </>
  );
}
