import { useId } from 'react';
import { desktopOpenDialog } from './slowlog-file-drop';

/**
 * The slow log file's path on the backend's machine, with the desktop app's Open… button where
 * it has one; the submit button is the caller's.
 */
export function SlowLogPathField({
  label,
  value,
  onChange,
  disabled,
  placeholder = '/var/log/mysql/slow.log (plain or .gz, on the machine running Sightline)',
}: {
  label: string;
  value: string;
  onChange: (path: string) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const open = desktopOpenDialog();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="mono"
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        spellCheck={false}
      />
      {open && (
        <button
          type="button"
          className="btn-small"
          disabled={disabled}
          onClick={() =>
            void open()
              .then((path) => {
                if (path) onChange(path);
              })
              .catch(() => undefined)
          }
        >
          Open…
        </button>
      )}
    </>
  );
}
