const ICONS = { ok: '✔', info: 'ℹ', warning: '⚠', danger: '✖' } as const;
const WORDS = { ok: 'ok', info: 'note', warning: 'warning', danger: 'danger' } as const;

/** A severity's icon with its word for screen readers: colour is never alone. */
export function SeverityMark({ severity }: { severity: keyof typeof ICONS }) {
  return (
    <span className={`alt-sev alt-sev-${severity}`} role="img" aria-label={WORDS[severity]}>
      {ICONS[severity]}
    </span>
  );
}
