import { useId, type ReactNode } from 'react';

/** A labelled form field with its hint or error; `children` renders the input with its id. */
export function Field({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errId : undefined)}
      {hint && !error && <span className="field-hint">{hint}</span>}
      {error && (
        <span className="field-error" id={errId} role="alert">
          ⚠ {error}
        </span>
      )}
    </div>
  );
}
