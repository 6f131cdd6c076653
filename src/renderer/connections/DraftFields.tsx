import type { ReactNode } from 'react';
import { Field } from '../ui/Field';
import type { ConnectionDraft, DraftField } from './connection-draft';
import { useDraftForm } from './draft-form';

/** The draft's fields that hold free text as typed. */
type TextDraftField = {
  [K in DraftField]: string extends ConnectionDraft[K] ? K : never;
}[DraftField];

/** The draft's fields that hold one of a fixed set of words. */
type ChoiceDraftField = {
  [K in DraftField]: ConnectionDraft[K] extends string
    ? string extends ConnectionDraft[K]
      ? never
      : K
    : never;
}[DraftField];

/** The draft's on/off fields. */
type CheckDraftField = {
  [K in DraftField]: ConnectionDraft[K] extends boolean ? K : never;
}[DraftField];

/** A text input bound by name to one field of the connection draft, with its error. */
export function TextField({
  label,
  field,
  hint,
  ...input
}: {
  label: string;
  field: TextDraftField;
  hint?: string;
  className?: string;
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
  'data-autofocus'?: true;
}) {
  const { draft, errors, set } = useDraftForm();
  return (
    <Field label={label} error={errors[field]} hint={hint}>
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

/** A narrow text input for a number (a port, a timeout), bound by name like TextField. */
export function NumberField({
  label,
  field,
  decimal = false,
}: {
  label: string;
  field: TextDraftField;
  /** Fractions allowed (seconds), else whole numbers (ports). */
  decimal?: boolean;
}) {
  return (
    <TextField
      label={label}
      field={field}
      className="input-narrow"
      inputMode={decimal ? 'decimal' : 'numeric'}
    />
  );
}

/** A select bound by name to one choice field of the connection draft. */
export function ChoiceField<F extends ChoiceDraftField>({
  label,
  field,
  options,
}: {
  label: string;
  field: F;
  options: readonly (readonly [value: ConnectionDraft[F], text: string])[];
}) {
  const { draft, errors, set } = useDraftForm();
  return (
    <Field label={label} error={errors[field]}>
      {(control) => (
        <select
          {...control}
          value={draft[field]}
          onChange={(e) => set(field, e.target.value as ConnectionDraft[F])}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox bound by name to one on/off field of the connection draft; `children` labels it. */
export function CheckField({ field, children }: { field: CheckDraftField; children: ReactNode }) {
  const { draft, set } = useDraftForm();
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={draft[field]}
        onChange={(e) => set(field, e.target.checked)}
      />
      {children}
    </label>
  );
}
