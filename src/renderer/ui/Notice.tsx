import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { Severity } from '../../shared/severity';
import { SeverityIcon } from './SeverityIcon';
import './notice.css';

/** Whether a slot has something to show (`cond && <x/>` may leave false or null). */
const shown = (node: ReactNode) =>
  node !== undefined && node !== null && node !== false && node !== '';

/** How a notice is announced: something went wrong interrupts, the rest waits its turn. */
const ROLES: Record<Severity, 'alert' | 'status' | 'note'> = {
  danger: 'alert',
  warning: 'status',
  ok: 'status',
  info: 'note',
};

export interface NoticeProps {
  severity: Severity;
  /** One line in bold: what this is about. */
  title?: ReactNode;
  /** The words; anything inline (code, links) is fine. */
  children?: ReactNode;
  /** Buttons that act on it (retry, dismiss, trust a key), after the words. */
  actions?: ReactNode;
  /** Small print under it in the code font: an error code, a timestamp. */
  meta?: ReactNode;
  /** Overrides the role the severity gives (a notice shown with the screen is no news: `note`). */
  role?: 'alert' | 'status' | 'note';
  /** A mark of its own in place of the severity's icon (the frozen processlist's ❄). */
  icon?: string;
  className?: string;
  testId?: string;
  /** Further `data-*` attributes tests and styles key on. */
  data?: Record<`data-${string}`, string | undefined>;
}

/**
 * The one inline notice: a severity's icon and colour, an optional title, the words, optional
 * actions and small print. Used for errors, warnings and hints inside a screen or a dialog.
 */
export function Notice({
  severity,
  title,
  children,
  actions,
  meta,
  role,
  icon,
  className,
  testId,
  data,
}: NoticeProps) {
  return (
    <div
      className={clsx('notice', `notice-${severity}`, className)}
      role={role ?? ROLES[severity]}
      data-testid={testId}
      {...data}
    >
      {icon === undefined ? (
        <SeverityIcon severity={severity} className="notice-icon" />
      ) : (
        <span className="notice-icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <div className="notice-body">
        {shown(title) && <strong className="notice-title">{title}</strong>}
        {shown(children) && <div className="notice-message">{children}</div>}
        {shown(actions) && <div className="notice-actions">{actions}</div>}
        {shown(meta) && <div className="notice-meta">{meta}</div>}
      </div>
    </div>
  );
}
