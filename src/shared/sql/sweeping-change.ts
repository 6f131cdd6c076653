import type { LexerOptions } from './lexer';
import {
  isMark,
  isWord,
  readQualifiedName,
  splitTopLevel,
  statementAfterWith,
  statementTokens,
  unquoteName,
  type SqlToken,
} from './statement-tokens';

/**
 * A statement that removes or rewrites data wholesale: what a professional SQL tool asks about
 * before running it, whichever connection it runs on.
 */
export interface SweepingChange {
  /** The statement's keyword(s): `DELETE`, `UPDATE`, `TRUNCATE`, `DROP TABLE`, `ALTER TABLE`. */
  keyword: string;
  /** What it does, in words, naming what it acts on as written (`orders`, `shop.orders`). */
  effect: string;
}

/** The statements' first words that can start a sweeping change. */
const HEADS = new Set(['WITH', 'DELETE', 'UPDATE', 'TRUNCATE', 'DROP', 'ALTER', 'CREATE']);

/** How much of a statement is read first to find its first word. */
const HEAD_CHARS = 4096;

/**
 * The statement's first word, past opening parentheses and executable comments' marks; undefined
 * when something else comes first.
 */
function headWord(tokens: readonly SqlToken[]): SqlToken | undefined {
  for (const t of tokens) {
    if (isMark(t, '(') || t.kind === 'conditional-start' || t.kind === 'conditional-end') continue;
    return t.kind === 'word' ? t : undefined;
  }
  return undefined;
}

/** Objects whose DROP only ends something of the session: nothing to ask about. */
const SESSION_DROPS = new Set(['PREPARE']);

/**
 * Whether one statement (as splitStatements returns it) is a sweeping change, and which:
 * - DELETE or UPDATE with no WHERE clause of its own (one inside a subquery does not count), or
 *   one whose condition, or a side of its top-level OR, holds for every row (`WHERE 1 = 1`),
 *   also after a WITH clause, of one table or of tables joined without a condition or only by
 *   outer joins (an inner join's ON picks rows: not asked); a LIMIT does not make it safer (it
 *   picks rows by no condition);
 * - TRUNCATE: every row, without a way back;
 * - DROP of a table (not a TEMPORARY one), database, schema, or any other object but a prepared
 *   statement (a view, an index, a routine, a user: what others depend on);
 * - ALTER TABLE that drops or truncates something: columns, indexes, keys, partitions; or that
 *   loses every row another way: ENGINE=BLACKHOLE (an engine that keeps no rows), DISCARD
 *   TABLESPACE;
 * - CREATE OR REPLACE TABLE (MariaDB), which drops the table of that name first.
 * Null for anything else. Executable comments count as SQL (a dump's `DROP TABLE` runs).
 * It reads tokens only: a statement it cannot make sense of is not called sweeping.
 */
export function findSweepingChange(
  text: string,
  options: LexerOptions = {},
): SweepingChange | null {
  // A script's INSERTs can be megabytes each: their first word is enough to pass them.
  const first = headWord(statementTokens(text.slice(0, HEAD_CHARS), options));
  if (first && first.end < HEAD_CHARS && !HEADS.has(first.upper)) return null;
  const tokens = statementTokens(text, options).filter(
    (t) => t.kind !== 'conditional-start' && t.kind !== 'conditional-end',
  );
  const head = headWord(tokens);
  if (!head) return null;
  const i = tokens.indexOf(head);
  switch (head.upper) {
    case 'WITH': {
      const main = statementAfterWith(tokens, i);
      const word = tokens[main];
      return isWord(word, 'DELETE') || isWord(word, 'UPDATE')
        ? withoutWhere(word!.upper, tokens.slice(main + 1))
        : null;
    }
    case 'DELETE':
    case 'UPDATE':
      return withoutWhere(head.upper, tokens.slice(i + 1));
    case 'TRUNCATE':
      return truncate(tokens.slice(i + 1));
    case 'DROP':
      return drop(tokens.slice(i + 1));
    case 'ALTER':
      return alterTable(tokens.slice(i + 1));
    case 'CREATE':
      return createOrReplace(tokens.slice(i + 1));
    default:
      return null;
  }
}

/** The tokens of `tokens` outside any parentheses, each parenthesized group left as its `(`. */
function topLevel(tokens: readonly SqlToken[]): SqlToken[] {
  const out: SqlToken[] = [];
  let depth = 0;
  for (const t of tokens) {
    if (isMark(t, '(')) {
      if (depth++ === 0) out.push(t);
    } else if (isMark(t, ')')) depth--;
    else if (depth === 0) out.push(t);
  }
  return out;
}

/** Words that end a DELETE's or UPDATE's WHERE condition at its own level. */
const AFTER_WHERE = new Set(['ORDER', 'LIMIT', 'RETURNING']);
const NUMBER = /^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The part of a WHERE condition that makes it true for every row, as written, or null: the
 * condition, or one side of a top-level OR, is a non-zero number (`WHERE 1`), TRUE, or a
 * comparison of a thing with itself (`1 = 1`, `'a' = 'a'`, `id = id`, `x >= x`).
 */
function alwaysTrue(outer: readonly SqlToken[], where: number): string | null {
  const condition: SqlToken[] = [];
  for (const t of outer.slice(where + 1)) {
    if (t.kind === 'word' && AFTER_WHERE.has(t.upper)) break;
    condition.push(t);
  }
  const disjuncts: SqlToken[][] = [[]];
  for (const t of condition) {
    if (isWord(t, 'OR') || isMark(t, '||')) disjuncts.push([]);
    else disjuncts.at(-1)!.push(t);
  }
  const same = (a: SqlToken, b: SqlToken) =>
    a.kind === b.kind && (a.kind === 'string' ? a.text === b.text : a.upper === b.upper);
  for (const d of disjuncts) {
    const [a, op, b] = d;
    const text = d.map((t) => t.text).join(' ');
    if (d.length === 1 && a!.kind === 'word') {
      if (a!.upper === 'TRUE') return text;
      if (NUMBER.test(a!.text) && Number(a!.text) !== 0) return text;
    }
    if (
      d.length === 3 &&
      op!.kind === 'punctuation' &&
      ['=', '<=>', '>=', '<='].includes(op!.text) &&
      a!.kind !== 'punctuation' &&
      !isWord(a, 'NULL') &&
      same(a!, b!)
    ) {
      return text;
    }
  }
  return null;
}

/** DELETE / UPDATE whose own clauses have no WHERE, or a WHERE that holds for every row. */
function withoutWhere(keyword: string, rest: readonly SqlToken[]): SweepingChange | null {
  const outer = topLevel(rest);
  const where = outer.findIndex((t) => isWord(t, 'WHERE'));
  const always = where >= 0 ? alwaysTrue(outer, where) : null;
  if (where >= 0 && always === null) return null;
  const clause = always === null ? 'without WHERE' : `with a WHERE that is always true (${always})`;
  // MariaDB's `DELETE HISTORY FROM t BEFORE SYSTEM_TIME x` removes only the history before x.
  const history = keyword === 'DELETE' && outer.slice(0, 4).some((t) => isWord(t, 'HISTORY'));
  if (history && always === null) {
    if (outer.some((t) => isWord(t, 'BEFORE'))) return null;
    const table = deletedTable(outer);
    return {
      keyword: 'DELETE HISTORY',
      effect: `DELETE HISTORY without BEFORE SYSTEM_TIME: removes every history row${table ? ` of ${table}` : ''}`,
    };
  }
  const join = joinCondition(keyword, outer);
  if (join === 'inner') return null;
  const table = keyword === 'DELETE' ? deletedTable(outer) : updatedTable(outer);
  const limit = outer.findIndex((t) => isWord(t, 'LIMIT'));
  const limited = limit >= 0 && outer[limit + 1] ? `, up to LIMIT ${outer[limit + 1]!.text}` : '';
  const what = table ? `of ${table}` : 'of the table';
  const why =
    join === 'outer'
      ? ' that the join reaches (an outer join keeps every row of one side)'
      : join === 'none'
        ? ' that the join reaches (the join has no condition)'
        : '';
  return {
    keyword,
    effect: `${keyword} ${clause}: ${keyword === 'DELETE' ? 'removes' : 'changes'} every row ${what}${why}${limited}`,
  };
}

/**
 * How a multi-table DELETE or UPDATE joins (null for one table): `none` when no join has a
 * condition (commas, CROSS JOIN), so every row is paired; `outer` when every join is LEFT or
 * RIGHT, which keeps every row of one side; else `inner`: a join with a condition picks rows.
 */
function joinCondition(
  keyword: string,
  outer: readonly SqlToken[],
): 'inner' | 'outer' | 'none' | null {
  // The table references: an UPDATE's up to SET; a DELETE's after FROM, or after USING in
  // `DELETE FROM t1 USING t1 JOIN t2 ...` (where FROM lists the tables rows are deleted from).
  let start = 0;
  let end = outer.length;
  if (keyword === 'DELETE') {
    const from = outer.findIndex((t) => isWord(t, 'FROM'));
    // USING followed by a parenthesis is a join's condition, not this list of tables.
    const using = outer.findIndex(
      (t, i) => i > from && isWord(t, 'USING') && !isMark(outer[i + 1], '('),
    );
    start = (using >= 0 ? using : from) + 1;
    // Up to ORDER BY (whose list has commas too), LIMIT or RETURNING.
    const tail = outer.findIndex(
      (t, i) => i >= start && (isWord(t, 'ORDER') || isWord(t, 'LIMIT') || isWord(t, 'RETURNING')),
    );
    if (tail >= 0) end = tail;
  } else {
    const set = outer.findIndex((t) => isWord(t, 'SET'));
    if (set >= 0) end = set;
  }
  const references = outer.slice(start, end);
  const joins = references.filter(
    (t) => isWord(t, 'JOIN') || isWord(t, 'STRAIGHT_JOIN') || isMark(t, ','),
  ).length;
  if (joins === 0) return null;
  const conditions = references.filter(
    (t) => isWord(t, 'ON') || isWord(t, 'USING') || isWord(t, 'NATURAL'),
  ).length;
  if (conditions === 0) return 'none';
  const outerJoins = references.filter((t) => isWord(t, 'LEFT') || isWord(t, 'RIGHT')).length;
  // One inner join with a condition is enough to leave rows out.
  return outerJoins === joins ? 'outer' : 'inner';
}

/** A name as written, `db.t` included, from `tokens[at]`; '' when there is none. */
function nameAt(tokens: readonly SqlToken[], at: number): string {
  const name = readQualifiedName(tokens, at);
  if (!name) return '';
  return name.schema === null ? name.name : `${name.schema}.${name.name}`;
}

const DELETE_MODIFIERS = new Set(['LOW_PRIORITY', 'QUICK', 'IGNORE', 'HISTORY']);

/** `DELETE [mods] FROM t ...` or the multi-table `DELETE t1, t2 FROM ...`: what loses rows. */
function deletedTable(outer: readonly SqlToken[]): string {
  let i = 0;
  while (outer[i]?.kind === 'word' && DELETE_MODIFIERS.has(outer[i]!.upper)) i++;
  const from = outer.findIndex((t) => isWord(t, 'FROM'));
  // `DELETE t1 FROM t1 JOIN ...`: the tables before FROM are the ones rows are deleted from.
  const at = from > i ? i : from + 1;
  return quotedName(nameAt(outer, at));
}

/** `UPDATE [LOW_PRIORITY] [IGNORE] t ... SET`: what is changed (the first table named). */
function updatedTable(outer: readonly SqlToken[]): string {
  let i = 0;
  while (isWord(outer[i], 'LOW_PRIORITY') || isWord(outer[i], 'IGNORE')) i++;
  return quotedName(nameAt(outer, i));
}

function quotedName(name: string): string {
  return name ? `“${name}”` : '';
}

/** `TRUNCATE [TABLE] t`; null without a table (the server refuses it). */
function truncate(rest: readonly SqlToken[]): SweepingChange | null {
  const name = quotedName(nameAt(rest, isWord(rest[0], 'TABLE') ? 1 : 0));
  if (!name) return null;
  return {
    keyword: 'TRUNCATE',
    effect: `TRUNCATE: removes every row of ${name}, and cannot be rolled back`,
  };
}

/** `DROP [TEMPORARY] TABLE|DATABASE|INDEX|... [IF EXISTS] name[, name]`. */
function drop(rest: readonly SqlToken[]): SweepingChange | null {
  if (isWord(rest[0], 'TEMPORARY')) return null;
  // `DROP [UNDO|ONLINE|OFFLINE|...] object`: the object's kind is the last word before a name.
  let kindAt = 0;
  while (
    rest[kindAt + 1]?.kind === 'word' &&
    ['UNDO', 'ONLINE', 'OFFLINE', 'RESOURCE', 'LOGFILE'].includes(rest[kindAt]!.upper)
  )
    kindAt++;
  const kind = rest[kindAt];
  if (kind?.kind !== 'word' || SESSION_DROPS.has(kind.upper)) return null;
  let at = kindAt + 1;
  if (isWord(rest[at], 'IF') && isWord(rest[at + 1], 'EXISTS')) at += 2;
  const names = splitTopLevel(rest.slice(at))
    .map((part) => nameAt(part, 0))
    .filter((name) => name !== '');
  const table = kind.upper === 'TABLE' || kind.upper === 'TABLES';
  const database = kind.upper === 'DATABASE' || kind.upper === 'SCHEMA';
  const noun = table ? (names.length > 1 ? 'tables' : 'table') : kind.upper.toLowerCase();
  const named = names.slice(0, 5).map(quotedName).join(', ');
  const more = names.length > 5 ? ` and ${names.length - 5} more` : '';
  const on = rest.findIndex((t) => isWord(t, 'ON'));
  const where = kind.upper === 'INDEX' && on > at ? ` on ${quotedName(nameAt(rest, on + 1))}` : '';
  const after = table
    ? names.length > 1
      ? ' and all their rows'
      : ' and all its rows'
    : database
      ? ' and every table in it'
      : '';
  return {
    keyword: `DROP ${kind.upper}`,
    effect: `DROP ${kind.upper}: removes the ${noun}${named ? ` ${named}${more}` : ''}${where}${after}`,
  };
}

/** `ALTER [ONLINE|IGNORE] TABLE t ... DROP ... | TRUNCATE PARTITION ...`. */
function alterTable(rest: readonly SqlToken[]): SweepingChange | null {
  const table = rest.findIndex((t) => isWord(t, 'TABLE'));
  if (table < 0 || table > 2) return null;
  const name = quotedName(nameAt(rest, table + 1));
  const clauses = splitTopLevel(rest.slice(table + 1));
  const dropped: string[] = [];
  for (const [c, clause] of clauses.entries()) {
    // The first clause starts with the table's name.
    const start = c === 0 ? (readQualifiedName(clause, 0)?.next ?? 1) : 0;
    const first = clause[start];
    if (isWord(first, 'DROP')) dropped.push(describeDrop(clause.slice(start + 1)));
    else if (isWord(first, 'TRUNCATE') && isWord(clause[start + 1], 'PARTITION'))
      dropped.push(`truncates partition ${clause[start + 2]?.text ?? ''}`.trim());
    else if (isWord(first, 'DISCARD'))
      dropped.push('discards its tablespace, and every row with it');
    // Table options share a clause (`COMMENT 'x' ENGINE=BLACKHOLE`).
    const engine = clause.findIndex((t, k) => k >= start && isWord(t, 'ENGINE'));
    const value = clause[engine + (isMark(clause[engine + 1], '=') ? 2 : 1)];
    if (engine >= 0 && unquoteName(value).toUpperCase() === 'BLACKHOLE')
      dropped.push('moves it to the BLACKHOLE engine, which keeps no rows: every row is lost');
  }
  if (dropped.length === 0) return null;
  return {
    keyword: 'ALTER TABLE',
    effect: `ALTER TABLE${name ? ` ${name}` : ''}: ${dropped.join(', ')}`,
  };
}

/**
 * MariaDB's `CREATE OR REPLACE TABLE t ...`: a DROP TABLE IF EXISTS first. Not the TEMPORARY
 * form, which (like DROP TEMPORARY TABLE) touches the session's own table only.
 */
function createOrReplace(rest: readonly SqlToken[]): SweepingChange | null {
  if (!isWord(rest[0], 'OR') || !isWord(rest[1], 'REPLACE') || !isWord(rest[2], 'TABLE')) {
    return null;
  }
  const name = quotedName(nameAt(rest, 3));
  return {
    keyword: 'CREATE OR REPLACE TABLE',
    effect: `CREATE OR REPLACE TABLE: removes the table${name ? ` ${name}` : ''} and all its rows first, if it exists`,
  };
}

/** `DROP [COLUMN] c`, `DROP INDEX i`, `DROP PRIMARY KEY`, `DROP PARTITION p`, ... in words. */
function describeDrop(after: readonly SqlToken[]): string {
  const word = after[0]?.upper ?? '';
  switch (word) {
    case 'PRIMARY':
      return 'drops the primary key';
    case 'INDEX':
    case 'KEY':
    case 'FOREIGN':
    case 'CHECK':
    case 'CONSTRAINT':
    case 'PARTITION': {
      const at = word === 'FOREIGN' ? 2 : 1;
      const what = word === 'FOREIGN' ? 'foreign key' : word.toLowerCase();
      return `drops ${what} ${unquoteName(after[at])}`.trim();
    }
    case 'COLUMN':
      return `drops column ${unquoteName(after[1])} and its data`;
    default:
      return `drops column ${unquoteName(after[0])} and its data`;
  }
}
