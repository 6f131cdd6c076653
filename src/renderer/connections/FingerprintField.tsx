import clsx from 'clsx';
import type { ReactNode } from 'react';
import { SeverityIcon } from '../ui/SeverityIcon';

/**
 * A fingerprint a connection trusts on first use (an SSH host key, a TLS certificate): none yet,
 * or the fingerprint with a way to forget it; whether it applies to the server now typed, and
 * whether Save still has to keep it.
 */
export function FingerprintField(props: {
  /** `ssh-host-key`: the field's test id, and its label's id with `-label`. */
  id: string;
  label: string;
  /** The fingerprint in the draft; '' for none. */
  fingerprint: string;
  fingerprintTestId: string;
  /** What happens without one. */
  noneHint: ReactNode;
  /** Why the fingerprint does not apply to the server now typed, or null when it does. */
  otherServer: ReactNode | null;
  /** Taken by a Test, not saved yet. */
  unsaved: boolean;
  error: string | undefined;
  onForget: () => void;
}) {
  const labelId = `${props.id}-label`;
  return (
    <div className={clsx('field', props.error && 'field-invalid')} data-testid={props.id}>
      {props.fingerprint !== '' ? (
        <>
          <div className="row host-key-heading">
            <span className="field-hint" id={labelId}>
              {props.label}
            </span>
            <button
              type="button"
              className="btn-small"
              onClick={props.onForget}
              aria-label={`Forget the ${props.label.toLowerCase()}`}
            >
              Forget
            </button>
          </div>
          <code
            className="mono fingerprint"
            aria-labelledby={labelId}
            data-testid={props.fingerprintTestId}
          >
            {props.fingerprint}
          </code>
        </>
      ) : (
        <>
          <span>{props.label}</span>
          <span className="field-hint">{props.noneHint}</span>
        </>
      )}
      {props.otherServer !== null && <span className="field-hint">{props.otherServer}</span>}
      {props.unsaved && <span className="field-hint">Not saved yet: Save keeps it.</span>}
      {props.error && (
        <span className="field-error" role="alert">
          <SeverityIcon severity="warning" className="field-error-icon" /> {props.error}
        </span>
      )}
    </div>
  );
}
