import type { ConnectionDraft, DraftErrors, DraftField } from './connection-draft';
import { Field } from '../ui/Field';

/** The draft's fields that hold text typed into an input. */
export type StringField = {
  [K in DraftField]: ConnectionDraft[K] extends string ? K : never;
}[DraftField];

/** A text input bound by name to one field of the connection draft (ui/Field around it). */
export function TextField<F extends StringField>({
  label,
  field,
  hint,
  draft,
  errors,
  set,
  ...input
}: {
  label: string;
  field: F;
  hint?: string;
  draft: ConnectionDraft;
  errors: DraftErrors;
  set: (key: F, value: string) => void;
  className?: string;
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
}) {
  return (
    <Field label={label} error={errors[field]} {...(hint !== undefined ? { hint } : {})}>
      {(control) => (
        <input
          {...control}
          {...input}
          value={draft[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );
}
