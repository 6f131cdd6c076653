import { draftSavedSshPasswordUnbound } from './connection-draft';
import { CheckField, ChoiceField, NumberField, TextField } from './DraftFields';
import { useDraftForm } from './draft-form';
import { SecretField } from './SecretField';
import { TrustedHostKey } from './TrustedHostKey';

const SSH_AUTH = [
  ['key', 'Private key'],
  ['password', 'Password'],
] as const;

const KEPT = 'Saved; leave empty to keep it.';

/** The SSH login: a private key with its passphrase, or a password. */
function SshLoginFields() {
  const { draft, set, existing } = useDraftForm();
  if (draft.sshAuth === 'password') {
    const unbound = draftSavedSshPasswordUnbound(draft, existing);
    const kept = (existing?.secrets.sshPassword ?? false) && unbound === null;
    return (
      <SecretField
        label="SSH password"
        value={draft.sshPassword}
        onChange={(v) => set('sshPassword', v)}
        hint={kept ? KEPT : undefined}
        error={unbound ?? undefined}
      />
    );
  }
  return (
    <div className="row">
      <TextField label="Private key file" field="sshKeyFile" />
      <SecretField
        label="Key passphrase"
        value={draft.sshPassphrase}
        onChange={(v) => set('sshPassphrase', v)}
        hint={existing?.secrets.sshPassphrase ? KEPT : undefined}
      />
    </div>
  );
}

/** An optional SSH tunnel to reach the server: the SSH server, its login and its host key. */
export function SshSection() {
  const { draft } = useDraftForm();
  return (
    <fieldset>
      <legend>SSH tunnel</legend>
      <CheckField field="sshEnabled">Connect through SSH</CheckField>
      {draft.sshEnabled && (
        <>
          <div className="row">
            <TextField label="SSH host" field="sshHost" />
            <NumberField label="SSH port" field="sshPort" />
          </div>
          <div className="row">
            <TextField label="SSH user" field="sshUser" />
            <ChoiceField label="SSH authentication" field="sshAuth" options={SSH_AUTH} />
          </div>
          <SshLoginFields />
          <TrustedHostKey />
        </>
      )}
    </fieldset>
  );
}
