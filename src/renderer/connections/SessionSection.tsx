import { Field } from '../ui/Field';
import { useDraftForm } from './draft-form';

/** What every new session on the connection starts with. */
export function SessionSection() {
  const { draft, errors, set } = useDraftForm();
  return (
    <fieldset>
      <legend>Session</legend>
      <Field
        label="Session init SQL"
        error={errors.initSql}
        hint="Runs on every new session, e.g. SET SESSION sql_mode = ..."
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            spellCheck={false}
            value={draft.initSql}
            onChange={(e) => set('initSql', e.target.value)}
          />
        )}
      </Field>
    </fieldset>
  );
}
