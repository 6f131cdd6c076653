import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { SeverityIcon } from './SeverityIcon';
import './field.css';

/** What the control inside a Field spreads onto itself to be bound to its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * A labelled form control with its hint or its error, bound by id: the label names the control,
 * the hint or the error describes it. `children` renders the control from the props it gets.
 */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown instead of the hint while set. */
  error?: string | undefined;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ? 'error' : hint !== undefined && hint !== null ? 'hint' : null;
  return (
    <div className={clsx('field', error && 'field-invalid', className)}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-describedby': note ? noteId : undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {note === 'hint' && (
        <span className="field-hint" id={noteId}>
          {hint}
        </span>
      )}
      {note === 'error' && (
        <span className="field-error" id={noteId} role="alert">
          <SeverityIcon severity="warning" className="field-error-icon" /> {error}
        </span>
      )}
    </div>
  );
}
