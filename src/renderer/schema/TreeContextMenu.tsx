import { useEffect, useRef } from 'react';
import type { TreeAction, TreeActionId } from './tree-actions';

/**
 * The tree's context menu at a point: its actions as menu items, keyboard-operable (arrows,
 * Enter, Escape); closes on a choice, Escape or a click elsewhere.
 */
export function TreeContextMenu({
  x,
  y,
  title,
  actions,
  onChoose,
  onClose,
}: {
  x: number;
  y: number;
  title: string;
  actions: TreeAction[];
  onChoose: (id: TreeActionId) => void;
  onClose: () => void;
}) {
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    menuRef.current?.querySelector<HTMLButtonElement>('[role=menuitem]')?.focus();
    const away = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) onClose();
    };
    window.addEventListener('mousedown', away);
    return () => window.removeEventListener('mousedown', away);
  }, [onClose]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [
      ...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  // Kept inside the window: a menu opened near the bottom or right edge opens up or left.
  const left = Math.min(x, window.innerWidth - 240);
  const top = Math.min(y, window.innerHeight - (actions.length * 30 + 40));
  return (
    <div
      ref={menuRef}
      className="tree-menu"
      role="menu"
      aria-label={title}
      style={{ left, top }}
      onKeyDown={onKeyDown}
    >
      <div className="tree-menu-title" aria-hidden="true">
        {title}
      </div>
      {actions.map((a) => (
        <button
          key={a.id}
          type="button"
          role="menuitem"
          className="tree-menu-item"
          onClick={() => onChoose(a.id)}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}
