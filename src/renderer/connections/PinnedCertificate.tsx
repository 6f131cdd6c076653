import { tlsModePins } from '../../shared/api/connection';
import { draftServerTarget, draftTlsCert } from './connection-draft';
import { useDraftForm } from './draft-form';
import { FingerprintField } from './FingerprintField';

/**
 * The server's TLS certificate this connection has pinned, for the modes that verify none: none
 * yet (the first Test or connect pins it), the fingerprint with a way to forget it, and whether
 * it applies to the server now typed.
 */
export function PinnedCertificate() {
  const { draft, errors, existing, update } = useDraftForm();
  if (!tlsModePins(draft.tlsMode)) return null;
  const pin = draftTlsCert(draft);
  return (
    <FingerprintField
      id="tls-pinned-cert"
      label="Pinned server certificate"
      fingerprint={draft.tlsCertSha256}
      fingerprintTestId="tls-pinned-fingerprint"
      noneHint="None yet: the first Test or connect over TLS pins the server's certificate, and any other certificate is refused afterwards."
      otherServer={
        draft.tlsCertSha256 !== '' && pin === undefined
          ? `Pinned for ${draft.tlsCertFor}, not for ${draftServerTarget(draft)}: Test pins the new server's certificate.`
          : null
      }
      unsaved={pin !== undefined && pin !== existing?.tls.serverCertSha256}
      error={errors.tlsCertSha256}
      onForget={() => update((d) => ({ ...d, tlsCertSha256: '', tlsCertFor: '' }), 'tlsCertSha256')}
    />
  );
}
