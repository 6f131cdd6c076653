import { formatSql } from '../../shared/sql/format-sql';
import type { SqlFlavor } from '../../shared/sql/lexer';
import type { SqlEditorHandle } from './SqlEditor';

/**
 * Formats the editor's selection, or all its text when nothing is selected, as one undoable
 * edit. Returns what to tell the user (statements kept as written, nothing to format).
 */
export function formatInEditor(editor: SqlEditorHandle, flavor: SqlFlavor): string | null {
  const snapshot = editor.snapshot();
  if (!snapshot) return null;
  const selected = snapshot.selectionEnd > snapshot.selectionStart;
  const start = selected ? snapshot.selectionStart : 0;
  const end = selected ? snapshot.selectionEnd : snapshot.text.length;
  const { text, formatted, kept } = formatSql(snapshot.text.slice(start, end), { flavor });
  if (formatted + kept === 0) return 'Nothing to format.';
  if (text !== snapshot.text.slice(start, end)) editor.replaceRange(start, end, text, selected);
  return formatNote(formatted, kept);
}

/** `Formatted 3 statements; 1 left as written (…)`. */
export function formatNote(formatted: number, kept: number): string {
  const n = (count: number) => `${count} ${count === 1 ? 'statement' : 'statements'}`;
  if (kept === 0) return `Formatted ${n(formatted)}.`;
  return (
    `Formatted ${n(formatted)}; ${n(kept)} left as written (stored-program bodies, ` +
    'executable comments, or layout that would have changed a token).'
  );
}
