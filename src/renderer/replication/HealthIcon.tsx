import type { Severity } from '../../shared/replication/replication-problem';

const ICONS: Record<Severity, string> = { ok: '✔', info: 'ℹ', warning: '⚠', danger: '✖' };
const WORDS: Record<Severity, string> = {
  ok: 'ok',
  info: 'note',
  warning: 'warning',
  danger: 'problem',
};

/** A severity as icon and colour, with its word for screen readers (never colour alone). */
export function HealthIcon({ severity }: { severity: Severity }) {
  return (
    <span className={`rp-icon rp-${severity}`} role="img" aria-label={WORDS[severity]}>
      {ICONS[severity]}
    </span>
  );
}

/** The severity as a labelled badge: `✖ problem`, `✔ ok`. */
export function HealthBadge({ severity, label }: { severity: Severity; label?: string }) {
  return (
    <span className={`badge rp-badge rp-badge-${severity}`} data-health={severity}>
      {ICONS[severity]} {label ?? WORDS[severity]}
    </span>
  );
}
