import { TLS_MODES, type TlsMode } from '../../shared/api/connection';
import { caFileHint } from './ca-file-hint';
import { ChoiceField, TextField } from './DraftFields';
import { useDraftForm } from './draft-form';
import { PasswordKeyFields } from './PasswordKeyFields';
import { PinnedCertificate } from './PinnedCertificate';

const TLS_LABELS: Record<TlsMode, string> = {
  off: 'Off',
  preferred: 'Preferred (encrypt if the server can)',
  required: 'Required (no certificate check)',
  'verify-ca': 'Verify CA',
  'verify-identity': 'Verify CA and host name',
};

const TLS_OPTIONS = TLS_MODES.map((m) => [m, TLS_LABELS[m]] as const);

/**
 * TLS to the server: the mode, how the password is protected where TLS may be missing, and the
 * CA and client certificate files where it is used.
 */
export function TlsSection() {
  const { draft } = useDraftForm();
  return (
    <fieldset>
      <legend>TLS</legend>
      <ChoiceField label="TLS mode" field="tlsMode" options={TLS_OPTIONS} />
      <PasswordKeyFields />
      <PinnedCertificate />
      {draft.tlsMode !== 'off' && (
        <>
          <TextField
            label="CA file"
            field="caFile"
            hint={caFileHint(draft.tlsMode, draft.caFile)}
          />
          <div className="row">
            <TextField label="Client certificate" field="certFile" />
            <TextField label="Client key" field="keyFile" />
          </div>
        </>
      )}
    </fieldset>
  );
}
