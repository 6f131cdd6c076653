import { useRef, useState, type ReactNode } from 'react';
import { downloadSqlFile, readSqlFile, sqlFileName } from './sql-file';
import { Notice } from '../ui/Notice';

/**
 * Open and Save of .sql files, for the editor toolbar (as buttons, or menu items when it is
 * narrow). The file last opened or saved names the tab's text (`fileName`) and is the name Save
 * offers again. `parts`: the file's name, the hidden file input and an error opening a file,
 * for the toolbar to show wherever its buttons are.
 */
export function useSqlFile({
  fileName,
  defaultName,
  getText,
  onOpened,
  onSaved,
}: {
  fileName: string | null;
  /** The name to save under when no file was opened or saved yet (without `.sql`). */
  defaultName: string;
  getText: () => string | null;
  onOpened: (name: string, text: string) => void;
  onSaved: (name: string) => void;
}): { open: () => void; save: () => void; parts: ReactNode } {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const read = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Cleared so picking the same file again still reports a change.
    input.value = '';
    if (!file) return;
    setError(null);
    try {
      onOpened(file.name, await readSqlFile(file));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const save = () => {
    const text = getText();
    if (text === null) return;
    const name = sqlFileName(fileName ?? defaultName);
    setError(null);
    downloadSqlFile(name, text);
    onSaved(name);
  };

  const parts = (
    <>
      {fileName && (
        <span className="sql-file-name" data-testid="sql-file-name" title={fileName}>
          {fileName}
        </span>
      )}
      <input
        ref={inputRef}
        type="file"
        accept=".sql,text/plain"
        hidden
        data-testid="open-sql-file"
        aria-label="Open a .sql file"
        onChange={(e) => void read(e.currentTarget)}
      />
      {error && (
        <Notice
          severity="danger"
          className="sql-file-error"
          title="Could not open the file"
          actions={
            <button type="button" className="btn-small" onClick={() => setError(null)}>
              Dismiss
            </button>
          }
        >
          {error}
        </Notice>
      )}
    </>
  );
  return { open: () => inputRef.current?.click(), save, parts };
}
