import clsx from 'clsx';
import { tlsModePins } from '../../shared/api/connection';
import { SeverityIcon } from '../ui/SeverityIcon';
import { draftServerTarget, draftTlsCert } from './connection-draft';
import { useDraftForm } from './draft-form';

/**
 * The server's TLS certificate this connection has pinned, for the modes that verify none: none
 * yet (the first Test or connect pins it), the fingerprint with a way to forget it, and whether
 * it applies to the server now typed.
 */
export function PinnedCertificate() {
  const { draft, errors, existing, update } = useDraftForm();
  if (!tlsModePins(draft.tlsMode)) return null;
  const pin = draftTlsCert(draft);
  const error = errors.tlsCertSha256;
  const forget = () =>
    update((d) => ({ ...d, tlsCertSha256: '', tlsCertFor: '' }), 'tlsCertSha256');
  return (
    <div className={clsx('field', error && 'field-invalid')} data-testid="tls-pinned-cert">
      {draft.tlsCertSha256 !== '' ? (
        <>
          <div className="row host-key-heading">
            <span className="field-hint" id="tls-pinned-cert-label">
              Pinned server certificate
            </span>
            <button
              type="button"
              className="btn-small"
              onClick={forget}
              aria-label="Forget the pinned server certificate"
            >
              Forget
            </button>
          </div>
          <code
            className="mono fingerprint"
            aria-labelledby="tls-pinned-cert-label"
            data-testid="tls-pinned-fingerprint"
          >
            {draft.tlsCertSha256}
          </code>
        </>
      ) : (
        <>
          <span>Pinned server certificate</span>
          <span className="field-hint">
            None yet: the first Test or connect over TLS pins the server&apos;s certificate, and any
            other certificate is refused afterwards.
          </span>
        </>
      )}
      {draft.tlsCertSha256 !== '' && pin === undefined && (
        <span className="field-hint">
          Pinned for {draft.tlsCertFor}, not for {draftServerTarget(draft)}: Test pins the new
          server&apos;s certificate.
        </span>
      )}
      {pin !== undefined && pin !== existing?.tls.serverCertSha256 && (
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
