import clsx from 'clsx';
import type { Severity } from '../../shared/severity';
import './severity-icon.css';

/** UX.md's one scale as the eye sees it: one icon per severity, on every screen. */
export const SEVERITY_ICONS: Record<Severity, string> = {
  ok: '✔',
  info: 'ℹ',
  warning: '⚠',
  danger: '✖',
};

/** ...and as a screen reader hears it: the word beside the icon, never colour alone. */
export const SEVERITY_WORDS: Record<Severity, string> = {
  ok: 'ok',
  info: 'note',
  warning: 'warning',
  danger: 'danger',
};

/** A severity's icon in its colour, named for screen readers. */
export function SeverityIcon({ severity, className }: { severity: Severity; className?: string }) {
  return (
    <span
      className={clsx('sev-icon', `sev-icon-${severity}`, className)}
      role="img"
      aria-label={SEVERITY_WORDS[severity]}
    >
      {SEVERITY_ICONS[severity]}
    </span>
  );
}

/** A severity as a small labelled pill: `✔ ok`, `✖ IO stopped`; the word shows as text. */
export function SeverityBadge({
  severity,
  label,
  className,
}: {
  severity: Severity;
  /** The words shown after the icon; the severity's own word when left out. */
  label?: string | undefined;
  className?: string;
}) {
  return (
    <span className={clsx('sev-badge', `sev-badge-${severity}`, className)} data-health={severity}>
      {SEVERITY_ICONS[severity]} {label ?? SEVERITY_WORDS[severity]}
    </span>
  );
}
