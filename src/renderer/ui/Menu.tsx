import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import './menu.css';

/** One entry of a menu. */
export interface MenuItem {
  key: string;
  label: ReactNode;
  /** Shown on hover, e.g. a full name the label shortens. */
  title?: string;
  /** Marks the entry that is current (the tab in front), for eyes and screen readers. */
  current?: boolean;
  disabled?: boolean;
  onSelect: () => void;
}

/**
 * A button that opens a list of actions (Radix's dropdown menu: arrow keys, typeahead, Esc,
 * focus back on the button). The menu is named by the button's accessible name.
 */
export function Menu({
  label,
  trigger,
  items,
  className,
  title,
  align = 'end',
}: {
  /** The button's accessible name, and so the menu's. */
  label: string;
  /** What the button shows (its label when absent). */
  trigger?: ReactNode;
  items: readonly MenuItem[];
  className?: string;
  title?: string;
  align?: 'start' | 'end';
}) {
  return (
    // Not modal: the rest of the page stays as it is (no scroll lock, nothing made inert).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className={`menu-trigger${className ? ` ${className}` : ''}`}
          aria-label={label}
          title={title ?? label}
        >
          {trigger ?? label}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align={align} sideOffset={4} collisionPadding={8}>
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              className={`menu-item${item.current ? ' menu-item-current' : ''}`}
              title={item.title}
              disabled={item.disabled}
              onSelect={item.onSelect}
              {...(item.current ? { 'aria-current': 'true' } : {})}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
