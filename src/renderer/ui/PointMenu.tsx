import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MenuItem } from './Menu';
import './menu.css';

/**
 * A context menu at a point of the page (where the right click was, or under a row): the same
 * Radix menu as ui/Menu (arrow keys, typeahead, Enter, Esc, a click elsewhere closes), opened at
 * once, anchored to an invisible point. `onClose` runs however it closes (also after a choice)
 * and is where the caller puts the focus back; `title` heads the list (e.g. the object's name).
 */
export function PointMenu({
  x,
  y,
  label,
  title,
  items,
  onClose,
}: {
  x: number;
  y: number;
  /** The menu's accessible name. */
  label: string;
  title?: string;
  items: readonly MenuItem[];
  onClose: () => void;
}) {
  return (
    <DropdownMenu.Root
      open
      modal={false}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DropdownMenu.Trigger asChild>
        <span
          className="point-menu-anchor"
          aria-label={label}
          style={{ position: 'fixed', left: x, top: y, width: 0, height: 0 }}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align="start"
          side="bottom"
          sideOffset={2}
          collisionPadding={8}
          // The caller knows where the focus belongs (the row the menu was opened on).
          onCloseAutoFocus={(e) => e.preventDefault()}
        >
          {title && <DropdownMenu.Label className="menu-title">{title}</DropdownMenu.Label>}
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              className="menu-item"
              title={item.title}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
