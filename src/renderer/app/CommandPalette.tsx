import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '../ui/Modal';
import { filterCommands, type ShellCommand } from './shell-command';
import './command-palette.css';

/**
 * The command palette (Ctrl/Cmd+K, Ctrl/Cmd+Shift+P): type part of an action's name, pick it
 * with the arrows and Enter, or click it. Esc closes it.
 */
export function CommandPalette({
  commands,
  onClose,
}: {
  commands: readonly ShellCommand[];
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => filterCommands(commands, query), [commands, query]);
  const current = shown[Math.min(active, shown.length - 1)];

  useEffect(() => {
    listRef.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [active, shown]);

  const choose = (command: ShellCommand | undefined) => {
    if (!command) return;
    onClose();
    command.run();
  };

  return (
    <Modal label="Command palette" className="palette" onClose={onClose} closeOnBackdrop>
      <input
        className="palette-input"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-activedescendant={current ? `palette-${current.id}` : undefined}
        aria-label="Type an action's name"
        placeholder="Type an action: connect, run, explain, processlist…"
        value={query}
        data-autofocus
        onChange={(e) => {
          // A new query starts at its best match.
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            setActive((a) => Math.min(shown.length - 1, a + 1));
            e.preventDefault();
          } else if (e.key === 'ArrowUp') {
            setActive((a) => Math.max(0, a - 1));
            e.preventDefault();
          } else if (e.key === 'Enter') {
            choose(current);
            e.preventDefault();
          }
        }}
      />
      {shown.length === 0 ? (
        <p className="palette-empty" role="status">
          No action is called “{query}”. Try a shorter word, such as <kbd>run</kbd>,{' '}
          <kbd>connect</kbd> or <kbd>plan</kbd>; <kbd>?</kbd> lists the shortcuts.
        </p>
      ) : (
        <ul className="palette-list" id="palette-list" role="listbox" ref={listRef}>
          {shown.map((c) => (
            <li
              key={c.id}
              id={`palette-${c.id}`}
              role="option"
              aria-selected={c === current}
              className={`palette-item${c === current ? ' active' : ''}`}
              onMouseEnter={() => setActive(shown.indexOf(c))}
              onClick={() => choose(c)}
            >
              <span className="palette-title">{c.title}</span>
              <span className="palette-group">{c.group}</span>
              {c.shortcut && <kbd className="palette-key">{c.shortcut}</kbd>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
