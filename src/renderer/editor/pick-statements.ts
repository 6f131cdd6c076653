import { splitStatements, type SplitOptions } from '../../shared/sql/split-statements';
import { statementAt } from '../../shared/sql/statement-at';
import type { EditorSnapshot, RunKind } from './SqlEditor';

export interface PickedStatement {
  sql: string;
  /** Offsets of the statement in the editor's text, to mark it on error. */
  start: number;
  end: number;
}

/**
 * What a run shortcut runs: the statement at the cursor, or every statement of the selection
 * (or of the whole text when nothing is selected).
 */
export function pickStatements(
  snapshot: EditorSnapshot,
  kind: RunKind,
  options: SplitOptions = {},
): PickedStatement[] {
  const { text, selectionStart, selectionEnd, cursor } = snapshot;
  if (kind === 'statement') {
    if (selectionEnd > selectionStart) {
      const selected = text.slice(selectionStart, selectionEnd);
      return splitStatements(selected, options).map((s) => ({
        sql: s.text,
        start: s.start + selectionStart,
        end: s.end + selectionStart,
      }));
    }
    const at = statementAt(splitStatements(text, options), cursor);
    return at ? [{ sql: at.text, start: at.start, end: at.end }] : [];
  }
  const from = selectionEnd > selectionStart ? selectionStart : 0;
  const to = selectionEnd > selectionStart ? selectionEnd : text.length;
  return splitStatements(text.slice(from, to), options).map((s) => ({
    sql: s.text,
    start: s.start + from,
    end: s.end + from,
  }));
}
