import { useState, type ReactNode } from 'react';

/**
 * A dangerous action offered only after the user ticks what they confirmed: a changed SSH host
 * key or TLS certificate is trusted deliberately, never with one click.
 */
export function ConfirmedAction({
  confirmation,
  label,
  busy,
  onConfirm,
}: {
  /** What the user confirms by ticking the box. */
  confirmation: ReactNode;
  label: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        {confirmation}
      </label>
      <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy || !checked}>
        {label}
      </button>
    </>
  );
}
