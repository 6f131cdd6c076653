import type { ParsedAlter } from '../alter/alter-operation';
import { parseAlter } from '../alter/parse-alter';
import type { SqlFlavor } from '../sql/lexer';
import {
  closingParenthesis,
  isMark,
  isWord,
  readQualifiedName,
  type SqlToken,
} from '../sql/statement-tokens';
import type { TriggerModel, ViewModel } from './schema-model';
import { leadingTokens, parseCreateTable, sqlTokens, type TableModel } from './table-model';

/** What a statement does to the schema, as far as the model follows it. */
export type SchemaStatement =
  | { kind: 'create-table'; table: TableModel; like: string | null; replace: boolean }
  | { kind: 'alter-table'; alter: ParsedAlter; sql: string }
  | { kind: 'drop-table'; tables: string[] }
  | { kind: 'rename-table'; renames: { from: string; to: string }[] }
  | { kind: 'create-view'; view: ViewModel }
  | { kind: 'drop-view'; views: string[] }
  | { kind: 'create-trigger'; trigger: TriggerModel }
  | { kind: 'drop-trigger'; name: string }
  | { kind: 'other' };

export type ReadStatementResult =
  { ok: true; statement: SchemaStatement } | { ok: false; error: string; offset: number };

/** Words that may stand between CREATE and VIEW / TRIGGER / PROCEDURE (mysqldump writes them). */
function skipCreateModifiers(tokens: readonly SqlToken[], i: number): number {
  for (;;) {
    const t = tokens[i];
    if (isWord(t, 'OR') && isWord(tokens[i + 1], 'REPLACE')) i += 2;
    else if (isWord(t, 'ALGORITHM') && isMark(tokens[i + 1], '=')) i += 3;
    else if (isWord(t, 'DEFINER') && isMark(tokens[i + 1], '=')) {
      i += 3;
      // user@host is lexed as a name and a variable (`@'host'`), or as a CURRENT_USER call.
      while (tokens[i]?.kind === 'variable' || isMark(tokens[i], '(') || isMark(tokens[i], ')'))
        i++;
    } else if (isWord(t, 'SQL') && isWord(tokens[i + 1], 'SECURITY')) i += 3;
    else return i;
  }
}

/**
 * Reads what a statement does to the schema: CREATE/ALTER/DROP/RENAME TABLE, CREATE/DROP INDEX
 * (as the ALTER TABLE they stand for), views and triggers; anything else is `other`. Refuses an
 * ALTER TABLE it cannot read, with the offset of the problem.
 */
export function readSchemaStatement(sql: string, flavor: SqlFlavor): ReadStatementResult {
  // Most statements of a migration are decided by their first words: tokenise the whole text
  // only for those the model follows.
  const lead = leadingTokens(sql, flavor, 3);
  const first = lead[0]?.kind === 'word' ? lead[0].upper : '';
  const other: ReadStatementResult = { ok: true, statement: { kind: 'other' } };
  if (first !== 'CREATE' && first !== 'DROP' && first !== 'RENAME' && first !== 'ALTER')
    return other;
  if (first === 'ALTER' && lead.every((t) => t.upper !== 'TABLE')) {
    if (!['ONLINE', 'OFFLINE', 'IGNORE'].includes(lead[1]?.upper ?? '')) return other;
  }
  if (first === 'ALTER') {
    const parsed = parseAlter(sql, flavor);
    if (!parsed.ok) {
      return /^ALTER\s+((ONLINE|OFFLINE|IGNORE)\s+)*TABLE\b/i.test(sql.slice(lead[0]!.start))
        ? { ok: false, error: parsed.error, offset: 0 }
        : other;
    }
    return { ok: true, statement: { kind: 'alter-table', alter: parsed.alter, sql } };
  }
  const tokens = sqlTokens(sql, flavor);
  const w = (n: number) => (tokens[n]?.kind === 'word' ? tokens[n]!.upper : '');
  if (w(0) === 'CREATE') {
    let i = skipCreateModifiers(tokens, 1);
    if (w(i) === 'TEMPORARY') i++;
    if (w(i) === 'TABLE') {
      const parsed = parseCreateTable(sql, flavor, tokens);
      if (!parsed.ok) return parsed;
      return {
        ok: true,
        statement: {
          kind: 'create-table',
          table: parsed.table,
          like: parsed.like?.name ?? null,
          replace: w(1) === 'OR',
        },
      };
    }
    if (w(i) === 'VIEW') {
      const name = readQualifiedName(tokens, i + 1);
      if (!name) return other;
      return {
        ok: true,
        statement: {
          kind: 'create-view',
          view: { name: name.name, body: sql.slice(tokens[name.next]?.start ?? sql.length) },
        },
      };
    }
    if (w(i) === 'TRIGGER') {
      const name = readQualifiedName(tokens, i + 1);
      const on = tokens.findIndex((t, n) => n > i && isWord(t, 'ON'));
      const table = on > 0 ? readQualifiedName(tokens, on + 1) : null;
      if (!name || !table) return other;
      return {
        ok: true,
        statement: {
          kind: 'create-trigger',
          trigger: {
            name: name.name,
            table: table.name,
            body: sql.slice(tokens[table.next]?.start ?? sql.length),
          },
        },
      };
    }
    let k = i;
    if (w(k) === 'ONLINE' || w(k) === 'OFFLINE') k++;
    if (w(k) === 'UNIQUE' || w(k) === 'FULLTEXT' || w(k) === 'SPATIAL') k++;
    if (w(k) === 'INDEX') return createIndexAsAlter(sql, tokens, i, flavor);
    return other;
  }
  if (w(0) === 'DROP') {
    let i = 1;
    if (w(i) === 'TEMPORARY') i++;
    if (w(i) === 'TABLE' || w(i) === 'TABLES' || w(i) === 'VIEW') {
      const kind = w(i) === 'VIEW' ? 'drop-view' : 'drop-table';
      i++;
      if (w(i) === 'IF' && w(i + 1) === 'EXISTS') i += 2;
      const names: string[] = [];
      while (i < tokens.length) {
        const name = readQualifiedName(tokens, i);
        if (!name) break;
        names.push(name.name);
        i = name.next;
        if (!isMark(tokens[i], ',')) break;
        i++;
      }
      return {
        ok: true,
        statement: kind === 'drop-view' ? { kind, views: names } : { kind, tables: names },
      };
    }
    if (w(i) === 'TRIGGER') {
      i++;
      if (w(i) === 'IF' && w(i + 1) === 'EXISTS') i += 2;
      const name = readQualifiedName(tokens, i);
      return name ? { ok: true, statement: { kind: 'drop-trigger', name: name.name } } : other;
    }
    if (w(i) === 'INDEX' || (w(i) === 'ONLINE' && w(i + 1) === 'INDEX')) {
      return dropIndexAsAlter(sql, tokens, w(i) === 'INDEX' ? i : i + 1, flavor);
    }
    return other;
  }
  if (w(0) === 'RENAME' && (w(1) === 'TABLE' || w(1) === 'TABLES')) {
    const renames: { from: string; to: string }[] = [];
    let i = 2;
    while (i < tokens.length) {
      const from = readQualifiedName(tokens, i);
      if (!from || !isWord(tokens[from.next], 'TO')) break;
      const to = readQualifiedName(tokens, from.next + 1);
      if (!to) break;
      renames.push({ from: from.name, to: to.name });
      i = to.next;
      if (!isMark(tokens[i], ',')) break;
      i++;
    }
    return { ok: true, statement: { kind: 'rename-table', renames } };
  }
  return other;
}

/** `CREATE [UNIQUE] INDEX i ON t (cols) [ALGORITHM=..] [LOCK=..]` as `ALTER TABLE t ADD ...`. */
function createIndexAsAlter(
  sql: string,
  tokens: readonly SqlToken[],
  from: number,
  flavor: SqlFlavor,
): ReadStatementResult {
  const on = tokens.findIndex((t, n) => n > from && isWord(t, 'ON'));
  const table = on > 0 ? readQualifiedName(tokens, on + 1) : null;
  if (!table || !isMark(tokens[table.next], '(')) {
    return { ok: false, error: 'CREATE INDEX without ON table (columns)', offset: 0 };
  }
  const close = closingParenthesis(tokens, table.next);
  const kindWords = sql.slice(tokens[from]!.start, tokens[on - 1]!.end);
  const rest = tokens.slice(close + 1);
  const clauses: string[] = [];
  for (let n = 0; n < rest.length; n++) {
    const word = rest[n]!;
    if (!isWord(word, 'ALGORITHM') && !isWord(word, 'LOCK')) continue;
    const value = isMark(rest[n + 1], '=') ? rest[n + 2] : rest[n + 1];
    if (value) clauses.push(`${word.upper}=${value.text}`);
  }
  const columns = sql.slice(tokens[table.next]!.start, tokens[close]!.end);
  const tableName = sql.slice(tokens[on + 1]!.start, tokens[table.next - 1]!.end);
  const text = `ALTER TABLE ${tableName} ADD ${kindWords.replace(/^(ONLINE|OFFLINE)\s+/i, '')} ${columns}${clauses.length ? `, ${clauses.join(', ')}` : ''}`;
  const parsed = parseAlter(text, flavor);
  if (!parsed.ok) return { ok: false, error: parsed.error, offset: 0 };
  return { ok: true, statement: { kind: 'alter-table', alter: parsed.alter, sql: text } };
}

/** `DROP INDEX i ON t` as `ALTER TABLE t DROP INDEX i`. */
function dropIndexAsAlter(
  sql: string,
  tokens: readonly SqlToken[],
  at: number,
  flavor: SqlFlavor,
): ReadStatementResult {
  let i = at + 1;
  if (isWord(tokens[i], 'IF') && isWord(tokens[i + 1], 'EXISTS')) i += 2;
  const index = tokens[i];
  const on = tokens.findIndex((t, n) => n > i && isWord(t, 'ON'));
  const table = on > 0 ? readQualifiedName(tokens, on + 1) : null;
  if (!index || !table) return { ok: false, error: 'DROP INDEX without ON table', offset: 0 };
  const tail = tokens
    .slice(table.next)
    .map((t) => t.text)
    .join(' ');
  const text = `ALTER TABLE ${sql.slice(tokens[on + 1]!.start, tokens[table.next - 1]!.end)} DROP INDEX ${index.text}${tail ? `, ${tail}` : ''}`;
  const parsed = parseAlter(text, flavor);
  if (!parsed.ok) return { ok: false, error: parsed.error, offset: 0 };
  return { ok: true, statement: { kind: 'alter-table', alter: parsed.alter, sql: text } };
}
