import type { Severity } from '../../shared/processlist/attention';

const ICONS: Record<Severity, string> = { ok: '✔', info: 'ℹ', warning: '⚠', danger: '✖' };
const WORDS: Record<Severity, string> = {
  ok: 'ok',
  info: 'note',
  warning: 'warning',
  danger: 'danger',
};

/** The severity's icon, with its word for screen readers (colour is never alone). */
export function SeverityIcon({ severity }: { severity: Severity }) {
  return (
    <span className={`pl-icon pl-icon-${severity}`} role="img" aria-label={WORDS[severity]}>
      {ICONS[severity]}{' '}
    </span>
  );
}
