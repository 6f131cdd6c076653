import type { ResultColumn } from '../api/query';
import type { LexerOptions } from '../sql/lexer';
import { isMark, isWord, statementTokens, type SqlToken } from '../sql/statement-tokens';

/** The column facts the decision needs: where the server said each column comes from. */
export type SourceColumn = Pick<ResultColumn, 'name' | 'orgName' | 'table' | 'schema'>;

/** The one table a result's columns come from, or why there is none. */
export type ResultSource =
  | { ok: false; reason: string }
  | {
      ok: true;
      schema: string;
      table: string;
      /** The name after FROM as written (unquoted), to check it is this table and not a view. */
      from: { schema: string | null; name: string };
    };

const AGGREGATES = new Set([
  'COUNT',
  'SUM',
  'AVG',
  'MIN',
  'MAX',
  'GROUP_CONCAT',
  'JSON_ARRAYAGG',
  'JSON_OBJECTAGG',
  'STD',
  'STDDEV',
  'STDDEV_POP',
  'STDDEV_SAMP',
  'VARIANCE',
  'VAR_POP',
  'VAR_SAMP',
  'BIT_AND',
  'BIT_OR',
  'BIT_XOR',
]);

/** Words that end the FROM clause of a SELECT. */
const AFTER_FROM = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'WINDOW',
  'ORDER',
  'LIMIT',
  'FOR',
  'LOCK',
  'INTO',
  'PROCEDURE',
]);

/** An identifier token's name without its quotes. */
function nameOf(token: SqlToken): string {
  if (token.kind !== 'quoted-identifier') return token.text;
  const q = token.text[0]!;
  return token.text.slice(1, -1).replaceAll(q + q, q);
}

/** `t`, `s.t` or quoted forms at `i`; null when something else is there. */
function tableNameAt(
  tokens: readonly SqlToken[],
  i: number,
): { schema: string | null; name: string } | null {
  const first = tokens[i];
  const isName = (t: SqlToken | undefined) => t?.kind === 'word' || t?.kind === 'quoted-identifier';
  if (!first || !isName(first)) return null;
  if (isMark(tokens[i + 1], '.') && isName(tokens[i + 2])) {
    return { schema: nameOf(first), name: nameOf(tokens[i + 2]!) };
  }
  return { schema: null, name: nameOf(first) };
}

/**
 * Why the rows of `sql`'s result are not rows of one table, read from the statement's top level
 * (subqueries inside parentheses do not count), or the FROM table's name when they may be.
 */
function statementShape(
  sql: string,
  lexing: LexerOptions,
): { ok: false; reason: string } | { ok: true; from: { schema: string | null; name: string } } {
  const tokens = statementTokens(sql, lexing);
  const first = tokens[0];
  if (!isWord(first, 'SELECT')) {
    return {
      ok: false,
      reason: `only a SELECT's rows can be edited, and this statement is ${first ? first.upper : 'empty'}`,
    };
  }
  let depth = 0;
  let from: { schema: string | null; name: string } | null = null;
  let inFrom = false;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isMark(t, '(')) {
      if (depth === 0 && inFrom && (isWord(tokens[i - 1], 'FROM') || isMark(tokens[i - 1], ','))) {
        return { ok: false, reason: 'its rows come from a subquery in FROM, not from a table' };
      }
      depth++;
      continue;
    }
    if (isMark(t, ')')) {
      depth--;
      continue;
    }
    if (depth > 0) continue;
    if (t.kind === 'word') {
      const w = t.upper;
      if (i === 1 && (w === 'DISTINCT' || w === 'DISTINCTROW')) {
        return { ok: false, reason: `its rows are made ${w}: one may stand for several` };
      }
      if (w === 'UNION' || w === 'INTERSECT' || w === 'EXCEPT') {
        return { ok: false, reason: `it combines results with ${w}` };
      }
      if ((w === 'GROUP' && isWord(tokens[i + 1], 'BY')) || w === 'HAVING') {
        return {
          ok: false,
          reason: 'it is grouped (GROUP BY): its rows are groups, not table rows',
        };
      }
      if (AGGREGATES.has(w) && isMark(tokens[i + 1], '(') && !inFrom && !from) {
        const close = findClose(tokens, i + 1);
        if (!isWord(tokens[close + 1], 'OVER')) {
          return { ok: false, reason: `it aggregates rows (${w}): its rows are not table rows` };
        }
      }
      if (w === 'JOIN' || w === 'STRAIGHT_JOIN') {
        return { ok: false, reason: 'it joins tables: a row of a join is not a row of one table' };
      }
      if (w === 'FROM' && !from) {
        from = tableNameAt(tokens, i + 1);
        if (!from && !isMark(tokens[i + 1], '(')) {
          return { ok: false, reason: 'its FROM clause does not name a table' };
        }
        inFrom = true;
        continue;
      }
      if (inFrom && AFTER_FROM.has(w)) inFrom = false;
    } else if (inFrom && isMark(t, ',')) {
      return { ok: false, reason: 'it joins tables: a row of a join is not a row of one table' };
    }
  }
  if (!from) return { ok: false, reason: 'it reads no table' };
  return { ok: true, from };
}

function findClose(tokens: readonly SqlToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isMark(tokens[i], '(')) depth++;
    else if (isMark(tokens[i], ')') && --depth === 0) return i;
  }
  return tokens.length - 1;
}

/**
 * The one table whose rows a result shows, decided from the statement (as the session lexes it)
 * and the server's column metadata: a SELECT of one table, not grouped, aggregated, DISTINCT,
 * joined or combined, whose columns all come from that table or are expressions. The reason is
 * a phrase that completes "Not editable: ...".
 */
export function findResultSource(
  sql: string,
  columns: readonly SourceColumn[],
  lexing: LexerOptions,
): ResultSource {
  const shape = statementShape(sql, lexing);
  if (!shape.ok) return shape;
  const tables = new Map<string, { schema: string; table: string }>();
  for (const c of columns) {
    if (c.table === '' || c.orgName === '') continue;
    tables.set(`${c.schema}\u0000${c.table}`, { schema: c.schema, table: c.table });
  }
  const found = [...tables.values()];
  if (found.length === 0) {
    return { ok: false, reason: 'no column comes from a table (all are expressions)' };
  }
  if (found.length > 1) {
    const names = found.map((t) => `${t.schema}.${t.table}`).join(', ');
    return { ok: false, reason: `its columns come from ${found.length} tables (${names})` };
  }
  const only = found[0]!;
  if (only.schema === '') {
    return { ok: false, reason: `the server did not say which schema ${only.table} is in` };
  }
  return { ok: true, schema: only.schema, table: only.table, from: shape.from };
}
