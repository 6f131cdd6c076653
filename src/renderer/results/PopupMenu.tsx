import { useEffect, useRef } from 'react';
import { useLatest } from '../ui/use-latest';

export interface MenuItem {
  label: string;
  /** A shortcut or a word of explanation, shown muted on the right. */
  hint?: string;
  disabled?: boolean;
  onSelect: () => void;
}

/**
 * A small menu at a point on the page (context menu, or below a button): arrow keys move,
 * Enter picks, Escape or a click elsewhere closes.
 */
export function PopupMenu({
  label,
  items,
  x,
  y,
  onClose,
}: {
  label: string;
  items: MenuItem[];
  x: number;
  y: number;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useLatest(onClose);

  useEffect(() => {
    // Focus goes back where it was (the grid, the button) when the menu closes.
    const invoker = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const away = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) closeRef.current();
    };
    window.addEventListener('mousedown', away, true);
    return () => {
      window.removeEventListener('mousedown', away, true);
      invoker?.focus?.();
    };
  }, [closeRef]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    }
  };

  // Kept inside the window, whatever the point.
  const left = Math.max(4, Math.min(x, window.innerWidth - 230));
  const top = Math.max(4, Math.min(y, window.innerHeight - items.length * 30 - 16));
  return (
    <div
      ref={ref}
      className="popup-menu"
      role="menu"
      aria-label={label}
      style={{ left, top }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          disabled={item.disabled}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
        >
          <span>{item.label}</span>
          {item.hint && <span className="popup-menu-hint">{item.hint}</span>}
        </button>
      ))}
    </div>
  );
}
