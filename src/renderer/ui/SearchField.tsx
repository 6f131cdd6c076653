import type { KeyboardEvent, Ref } from 'react';
import './search-field.css';

/**
 * The one search/filter box of the app (plan search, schema filter, history search, result
 * filter): a native `<input type="search">` named for screen readers by `label`.
 *
 * - `value` / `onChange(text)`: controlled; `onChange` gets the text, not the event.
 * - `label`: the accessible name (required: a search box has no visible label).
 * - `placeholder`: the hint shown while empty.
 * - `clearOnEscape`: Esc empties a non-empty box (through `onChange('')`); the key still
 *   reaches the parents, so a panel that closes on Esc keeps doing so once the box is empty.
 * - `onKeyDown`: other keys (Enter to step through matches, ArrowDown into a list).
 * - `className`: the feature's own sizing; the look (padding, font size) is shared here.
 */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  className,
  clearOnEscape = false,
  autoFocus,
  onKeyDown,
  inputRef,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
  clearOnEscape?: boolean;
  autoFocus?: boolean;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={inputRef}
      type="search"
      className={`search-field${className ? ` ${className}` : ''}`}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      autoFocus={autoFocus}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (clearOnEscape && e.key === 'Escape' && value !== '') {
          e.preventDefault();
          onChange('');
          return;
        }
        onKeyDown?.(e);
      }}
    />
  );
}
