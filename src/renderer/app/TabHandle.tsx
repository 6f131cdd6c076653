import type { ReactNode } from 'react';
import type { ConnectionColor } from '../../shared/api/connection';

/**
 * One tab in the top bar: selectable, closable, bordered in its connection's colour (gray for
 * tabs that belong to no connection) so nobody mistakes which server a tab works on.
 */
export function TabHandle({
  active,
  color,
  dot,
  closeLabel,
  onSelect,
  onClose,
  tool,
  children,
}: {
  active: boolean;
  color: ConnectionColor | 'gray';
  /** Shows the connection's colour dot before the label. */
  dot: boolean;
  closeLabel: string;
  onSelect: () => void;
  onClose: () => void;
  /** The tool kind, for tool tabs (tests and the palette find them by it). */
  tool?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tab"
      aria-selected={active}
      className={`tab color-border-${color}${active ? ' active' : ''}`}
      tabIndex={0}
      onClick={onSelect}
      {...(tool ? { 'data-tool': tool } : {})}
    >
      {dot && <span className={`color-dot color-${color}`} aria-hidden="true" />}
      {children}
      <button
        type="button"
        className="tab-close"
        aria-label={closeLabel}
        onClick={(e) => {
          e.stopPropagation();
          onClose();
        }}
      >
        ×
      </button>
    </div>
  );
}
