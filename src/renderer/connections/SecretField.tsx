import { Field } from '../ui/Field';

/**
 * A password or passphrase field: masked (so it cannot be copied out either), with no control
 * to show it, never sent to a spell checker, and not filled in from the browser's password store
 * (a password remembered for this page is not the server's).
 */
export function SecretField({
  label,
  value,
  onChange,
  hint,
  error,
  placeholder,
  autoFocus = false,
  autoComplete = 'new-password',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  placeholder?: string | undefined;
  /** The field the dialog puts the focus in when it opens. */
  autoFocus?: boolean;
  /** 'off' for a password typed to be used once; 'new-password' (the default) for one to save. */
  autoComplete?: 'new-password' | 'off';
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={placeholder}
          data-autofocus={autoFocus || undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
