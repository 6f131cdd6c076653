import { isSignificant, tokenize, type SqlFlavor, type Token } from '../../../shared/sql/lexer';
import { identifierValue } from './identifier-text';

/**
 * What can be typed at the cursor:
 * - `table`: a table name (after FROM, JOIN, INTO, UPDATE, TABLE, DESCRIBE, or a comma in FROM);
 * - `schema`: a schema name (after USE);
 * - `member`: something qualified by what is before the dot - a schema's tables after
 *   `schema.`, a table's columns after `table.` / `alias.` / `schema.table.`;
 * - `column`: an expression (after SELECT, WHERE, ON, BY, SET, HAVING, an operator ...);
 * - `keyword`: the next clause (after a table name and its alias, say);
 * - `start`: the first word of a statement;
 * - `none`: inside a string, a comment or a variable, or typing a number.
 */
export type ContextKind = 'table' | 'schema' | 'member' | 'column' | 'keyword' | 'start' | 'none';

export interface CompletionContext {
  kind: ContextKind;
  /** The part of a name typed so far (without its backtick). */
  prefix: string;
  /** Offset (in the text given) where that part starts, backtick included: what is replaced. */
  replaceFrom: number;
  /** The name being typed started with a backtick. */
  quoted: boolean;
  /** For `member`: the names before the dot, e.g. `['db', 'orders']` for `db.orders.`. */
  qualifier: string[];
}

/** Clause keywords and what is typed after them. */
const CLAUSES: Record<string, 'table' | 'column' | 'schema' | 'other'> = {
  FROM: 'table',
  JOIN: 'table',
  STRAIGHT_JOIN: 'table',
  INTO: 'table',
  UPDATE: 'table',
  TABLE: 'table',
  SELECT: 'column',
  WHERE: 'column',
  ON: 'column',
  USING: 'column',
  BY: 'column',
  HAVING: 'column',
  SET: 'column',
  WHEN: 'column',
  THEN: 'column',
  ELSE: 'column',
  USE: 'schema',
  LIMIT: 'other',
  VALUES: 'other',
  VALUE: 'other',
  UNION: 'other',
  EXCEPT: 'other',
  INTERSECT: 'other',
  WINDOW: 'other',
};

/** The first word of statements that name one table right after them. */
const TABLE_STATEMENTS = new Set(['DESCRIBE', 'DESC']);

/**
 * Works out what can be typed at `cursor` in `text` (one statement, see statementRegion) from its
 * tokens: the qualifier before a dot, else the clause the cursor is in at its parenthesis level.
 */
export function completionContext(
  text: string,
  cursor: number,
  flavor: SqlFlavor,
): CompletionContext {
  const tokens = tokenize(text.slice(0, cursor), { flavor });
  const last = tokens.at(-1);
  const none: CompletionContext = {
    kind: 'none',
    prefix: '',
    replaceFrom: cursor,
    quoted: false,
    qualifier: [],
  };
  let prefix = '';
  let replaceFrom = cursor;
  let quoted = false;
  let before = tokens;
  if (last && last.end === cursor) {
    if (insideText(text, last)) return none;
    if (last.kind === 'word' || last.kind === 'quoted-identifier') {
      const word = text.slice(last.start, last.end);
      quoted = last.kind === 'quoted-identifier';
      prefix = quoted ? identifierValue(word, last.unterminated === true) : word;
      // A closed `name` is finished, not being typed: nothing to complete on it.
      if (quoted && last.unterminated !== true) return none;
      if (!quoted && /^\d+$/.test(word)) return none;
      replaceFrom = last.start;
      before = tokens.slice(0, -1);
    }
  }
  const significant = before.filter(isSignificant);
  const words = significant.map((t) => ({ ...t, text: text.slice(t.start, t.end) }));
  const base = { prefix, replaceFrom, quoted, qualifier: [] as string[] };

  const qualifier = qualifierBefore(words);
  if (qualifier) return qualifier.length > 0 ? { ...base, kind: 'member', qualifier } : none;

  const previous = words.at(-1);
  if (!previous) return { ...base, kind: 'start' };
  const clause = clauseAt(words);
  if (clause === null) {
    const first = words[0]!.text.toUpperCase();
    if (TABLE_STATEMENTS.has(first) && words.length === 1) return { ...base, kind: 'table' };
    return { ...base, kind: 'keyword' };
  }
  const previousText = previous.text.toUpperCase();
  if (clause.kind === 'table') {
    // Right after the keyword or a comma a table comes; after a table, its alias or a keyword.
    const expectsTable = previous === clause.token || previousText === ',';
    return { ...base, kind: expectsTable ? 'table' : 'keyword' };
  }
  if (clause.kind === 'schema') {
    return { ...base, kind: previous === clause.token ? 'schema' : 'keyword' };
  }
  if (clause.kind === 'column') return { ...base, kind: 'column' };
  return { ...base, kind: 'keyword' };
}

type TextToken = Token & { text: string };

/**
 * The names before a trailing `.`: `['a']` for `a.`, `['a', 'b']` for `a.b.`; an empty list
 * for a dot after something that is not a name (`1.`); null when there is no trailing dot.
 */
function qualifierBefore(words: TextToken[]): string[] | null {
  if (words.at(-1)?.text !== '.') return null;
  const names: string[] = [];
  let i = words.length - 1;
  while (i > 0 && words[i]!.text === '.' && names.length < 2) {
    const name = words[i - 1]!;
    if (name.kind === 'quoted-identifier') names.unshift(identifierValue(name.text));
    else if (name.kind === 'word' && !/^\d+$/.test(name.text)) names.unshift(name.text);
    else break;
    i -= 2;
  }
  return names;
}

/** The last clause keyword at the cursor's parenthesis level (null when there is none). */
function clauseAt(
  words: TextToken[],
): { kind: 'table' | 'column' | 'schema' | 'other'; token: TextToken } | null {
  const stack: Array<{ kind: 'table' | 'column' | 'schema' | 'other'; token: TextToken } | null> = [
    null,
  ];
  for (const t of words) {
    if (t.kind === 'punctuation') {
      if (t.text === '(') stack.push(null);
      else if (t.text === ')' && stack.length > 1) stack.pop();
      else if (t.text === ';') stack.splice(0, stack.length, null);
      continue;
    }
    if (t.kind !== 'word') continue;
    const kind = CLAUSES[t.text.toUpperCase()];
    if (kind) stack[stack.length - 1] = { kind, token: t };
  }
  const current = stack[stack.length - 1] ?? null;
  // Inside `( ... )` with no clause of its own (a function's arguments, an IN list): an
  // expression, as in the clause around it.
  if (current === null && stack.length > 1) {
    const outer = [...stack].reverse().find((c) => c !== null);
    return outer && outer.kind === 'column' ? outer : null;
  }
  return current;
}

/** Whether the cursor, at the end of `token`, is inside a string, comment or variable. */
function insideText(text: string, token: Token): boolean {
  if (token.kind === 'string' || token.kind === 'variable') return true;
  if (token.kind !== 'comment') return false;
  // A closed block comment ends before the cursor; a line comment runs up to it.
  const opening = text.slice(token.start, token.start + 2);
  return token.unterminated === true || opening !== '/*';
}
