import type { PasswordMode } from '../../shared/api/connection';
import { draftSavedPasswordUnbound } from './connection-draft';
import { ChoiceField, NumberField, TextField } from './DraftFields';
import { useDraftForm } from './draft-form';
import { EndpointFields } from './EndpointFields';
import { SecretField } from './SecretField';

const PASSWORD_MODES = [
  ['saved', 'Save (encrypted)'],
  ['ask', 'Ask each time'],
  ['none', 'No password'],
] as const satisfies readonly (readonly [PasswordMode, string])[];

/**
 * Who logs in and where the password comes from; a saved one shows as a placeholder and is never
 * sent to another server than the one it was saved for, nor less protected than it was saved.
 */
function ServerLoginFields() {
  const { draft, set, existing } = useDraftForm();
  const unbound = draftSavedPasswordUnbound(draft, existing);
  const kept = (existing?.secrets.password ?? false) && unbound === null;
  return (
    <>
      <div className="row">
        <TextField label="User" field="user" autoComplete="off" />
        <ChoiceField label="Password storage" field="passwordMode" options={PASSWORD_MODES} />
      </div>
      {draft.passwordMode === 'saved' && (
        <SecretField
          label="Password"
          value={draft.password}
          onChange={(v) => set('password', v)}
          hint={kept ? 'A password is saved; leave empty to keep it.' : undefined}
          error={unbound ?? undefined}
          placeholder={kept ? '•••••••• (saved)' : ''}
        />
      )}
    </>
  );
}

/** The MySQL/MariaDB server: where it listens, who logs in and how, and the session defaults. */
export function ServerSection() {
  return (
    <fieldset>
      <legend>Server</legend>
      <EndpointFields />
      <ServerLoginFields />
      <TextField label="Default schema" field="defaultSchema" />
      <NumberField label="Connect timeout (s)" field="timeoutSeconds" decimal />
    </fieldset>
  );
}
