import type { LexerOptions } from './lexer';
import {
  isMark,
  isWord,
  readQualifiedName,
  statementTokens,
  type SqlToken,
} from './statement-tokens';

/**
 * What a statement changes in the metadata a client keeps (schema tree, completion catalogue):
 * - `schemas`: the list of schemas (CREATE/DROP DATABASE);
 * - `objects`: the tables, views, routines, triggers, events or indexes of `schemas` (names as
 *   written, unquoted); `current` when a name had no schema, so it is in the session's default
 *   schema, which only the session knows.
 */
export type CatalogueChange =
  { kind: 'schemas' } | { kind: 'objects'; schemas: string[]; current: boolean };

/** Objects whose CREATE, ALTER or DROP changes what a schema holds. */
const OBJECT_KINDS = new Set([
  'TABLE',
  'VIEW',
  'PROCEDURE',
  'FUNCTION',
  'TRIGGER',
  'EVENT',
  'INDEX',
  'SEQUENCE',
]);

/** Objects outside any schema: nothing the catalogue holds changes. */
const OTHER_KINDS = new Set([
  'USER',
  'ROLE',
  'SERVER',
  'TABLESPACE',
  'LOGFILE',
  'RESOURCE',
  'INSTANCE',
  'PACKAGE',
]);

/** Words between CREATE/ALTER/DROP and the object's kind are at most this many tokens. */
const MAX_LEAD = 16;

/**
 * What running `sql` (one statement, as splitStatements returns it) changes in the schemas'
 * metadata, worked out from the text alone; null for nothing (queries, data changes, USE,
 * TRUNCATE, accounts, temporary tables - which no other session nor information_schema sees)
 * or for what cannot be told from the text (CALL, EXECUTE, compound statements, executable
 * comments): those are left to the user's Refresh.
 * Covered: CREATE / ALTER / DROP of tables, views, routines, triggers, events, indexes and
 * MariaDB sequences (with OR REPLACE, IF [NOT] EXISTS, DEFINER, ALGORITHM, ...), `ALTER TABLE
 * ... RENAME TO`, `RENAME TABLE a TO b, ...`, and CREATE / DROP of databases (ALTER DATABASE
 * changes only defaults, not the list).
 */
export function catalogueChangeOf(sql: string, options: LexerOptions = {}): CatalogueChange | null {
  const tokens = statementTokens(sql, options);
  const verb = tokens[0];
  if (isWord(verb, 'RENAME') && isWord(tokens[1], 'TABLE')) return renamed(tokens, 2);
  if (!isWord(verb, 'CREATE') && !isWord(verb, 'ALTER') && !isWord(verb, 'DROP')) return null;
  for (let i = 1; i < Math.min(tokens.length, MAX_LEAD); i++) {
    const token = tokens[i]!;
    if (token.kind !== 'word') continue;
    // A temporary table lives in the session only.
    if (token.upper === 'TEMPORARY') return null;
    if (token.upper === 'DATABASE' || token.upper === 'SCHEMA') {
      return isWord(verb, 'ALTER') ? null : { kind: 'schemas' };
    }
    if (OTHER_KINDS.has(token.upper)) return null;
    // `DEFINER = x` and `SQL SECURITY x` take a value that may be any word.
    if (token.upper === 'DEFINER' || token.upper === 'SECURITY') {
      i += isMark(tokens[i + 1], '=') ? 2 : 1;
      continue;
    }
    if (OBJECT_KINDS.has(token.upper)) return objectsChanged(tokens, i + 1, token.upper);
  }
  return null;
}

/**
 * The schemas of the objects a statement changes, its kind's word at `at - 1`: the name after
 * it (past IF [NOT] EXISTS), the table after ON for an index, every name of a DROP's list, and
 * the new name of `ALTER TABLE ... RENAME [TO|AS] name`.
 */
function objectsChanged(tokens: readonly SqlToken[], at: number, kind: string): CatalogueChange {
  let i = at;
  if (isWord(tokens[i], 'IF') && isWord(tokens[i + 1], 'NOT') && isWord(tokens[i + 2], 'EXISTS'))
    i += 3;
  else if (isWord(tokens[i], 'IF') && isWord(tokens[i + 1], 'EXISTS')) i += 2;
  const names = new Names();
  if (kind === 'INDEX') {
    // An index belongs to the table after ON (CREATE INDEX ix ON db.t, DROP INDEX ix ON db.t).
    const on = tokens.findIndex((t, j) => j > i && isWord(t, 'ON'));
    names.take(tokens, on + 1);
  } else if (isWord(tokens[0], 'DROP')) {
    names.take(tokens, i);
    for (let j = i; j < tokens.length; j++) if (isMark(tokens[j], ',')) names.take(tokens, j + 1);
  } else {
    names.take(tokens, i);
    if (isWord(tokens[0], 'ALTER') && kind === 'TABLE') {
      // RENAME [TO|AS] name at the top level; RENAME COLUMN/INDEX/KEY keep the table's name.
      let depth = 0;
      for (let j = i; j < tokens.length; j++) {
        if (isMark(tokens[j], '(')) depth++;
        else if (isMark(tokens[j], ')')) depth--;
        else if (depth === 0 && isWord(tokens[j], 'RENAME')) {
          const next = tokens[j + 1];
          if (isWord(next, 'TO') || isWord(next, 'AS')) names.take(tokens, j + 2);
          else if (!['COLUMN', 'INDEX', 'KEY'].includes(next?.upper ?? ''))
            names.take(tokens, j + 1);
        }
      }
    }
  }
  return names.change();
}

/** `RENAME TABLE a TO b, c TO d` from `at` (after TABLE). */
function renamed(tokens: readonly SqlToken[], at: number): CatalogueChange {
  const names = new Names();
  names.take(tokens, at);
  for (let j = at; j < tokens.length; j++) {
    if (isMark(tokens[j], ',') || isWord(tokens[j], 'TO')) names.take(tokens, j + 1);
  }
  return names.change();
}

/** The schemas of the names read; a name without one is in the session's default schema. */
class Names {
  private readonly schemas = new Set<string>();
  private current = false;

  /** Reads `[schema.]name` at `i`; no name there counts as one in the default schema. */
  take(tokens: readonly SqlToken[], i: number): void {
    const name = i > 0 ? readQualifiedName(tokens, i) : null;
    if (name?.schema) this.schemas.add(name.schema);
    else this.current = true;
  }

  change(): CatalogueChange {
    return { kind: 'objects', schemas: [...this.schemas], current: this.current };
  }
}
