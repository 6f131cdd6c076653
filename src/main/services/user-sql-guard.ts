import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../shared/api/errors';
import { classifyStatement } from '../../shared/sql/classify-statement';
import type { LexerOptions, SqlFlavor } from '../../shared/sql/lexer';
import { splitStatements, type Statement } from '../../shared/sql/split-statements';
import type { StatementClass } from '../../shared/sql/statement-class';
import type { DbSession } from '../db/db-session';
import { errorToApi } from '../db/error-to-api';
import { lexingDependsOnSqlMode, readSessionLexing } from '../db/session-lexing';

/**
 * What a path is about to do with SQL the user wrote, which decides what it lets through:
 * - `run`: query.start runs it as it is;
 * - `explain`: EXPLAIN without running it (explain.run, the tuning explains and experiments);
 * - `analyze`: EXPLAIN ANALYZE / MariaDB ANALYZE, which runs it;
 * - `export`: runs it again, to write every row to a file;
 * - `alter`: the guided ALTER TABLE runs it.
 * `readOnlyConfirmed`: the user was asked a second time on a connection marked read-only.
 */
export type UserSqlUse =
  | { kind: 'run'; readOnlyConfirmed: boolean }
  | { kind: 'explain' }
  | { kind: 'analyze' }
  | { kind: 'export' }
  | { kind: 'alter'; readOnlyConfirmed: boolean };

/** The saved connection the session belongs to, as far as the guard cares. */
export interface GuardedConnection {
  name: string;
  readOnly: boolean;
}

export type UserSqlVerdict =
  | { ok: true; statement: Statement }
  /** `field`: 'sql' when the text itself is the problem (not one statement). */
  | { ok: false; message: string; field?: 'sql' };

const WHAT_TAKES_ONE: Record<UserSqlUse['kind'], string> = {
  run: 'A statement is run on its own (the session does not take several in one call)',
  explain: 'EXPLAIN takes one statement',
  analyze: 'EXPLAIN ANALYZE takes one statement',
  export: 'An export runs one statement again',
  alter: 'One ALTER TABLE at a time',
};

/**
 * The rule every path that sends user SQL to a server follows, on the text as the session lexes
 * it (`lexing`: its flavor and sql_mode):
 * - exactly one statement: the text is split with the project's splitter, and a second
 *   statement is refused by name, so nothing can ride behind the one that was checked;
 * - on a connection marked read-only, a statement not known to only read runs only when the
 *   user confirmed a second time (`run`, `alter`); ANALYZE of one is refused (EXPLAIN without
 *   ANALYZE shows the plan without running it);
 * - an export runs again only a statement known to only read, whatever the connection.
 */
export function judgeUserSql(
  sql: string,
  lexing: LexerOptions,
  use: UserSqlUse,
  connection: GuardedConnection,
): UserSqlVerdict {
  const statements = splitStatements(sql, lexing);
  const [statement, second] = statements;
  if (!statement) {
    return {
      ok: false,
      field: 'sql',
      message: 'There is no statement here: only whitespace and comments.',
    };
  }
  if (second) {
    return {
      ok: false,
      field: 'sql',
      message:
        `${WHAT_TAKES_ONE[use.kind]}, and this text holds ${statements.length}: nothing was run. ` +
        `The second starts at line ${second.line}, column ${second.column}: ${quoted(second.text)}.`,
    };
  }
  const refusal = readOnlyRefusal(use, connection, () => classifyStatement(statement.text, lexing));
  return refusal === null ? { ok: true, statement } : { ok: false, message: refusal };
}

/**
 * Why `use` may not run the statement here, or null. `classify` is called only when the answer
 * depends on it: classifying a large statement takes time, which a writable connection's
 * statements need not spend.
 */
function readOnlyRefusal(
  use: UserSqlUse,
  connection: GuardedConnection,
  classify: () => StatementClass,
): string | null {
  const name = `“${connection.name}”`;
  switch (use.kind) {
    case 'explain':
      return null;
    case 'export': {
      const verdict = classify();
      return verdict.kind === 'read'
        ? null
        : `Exporting runs the statement again, and this one is not known to only read ` +
            `(${verdict.reason}): running it again could repeat what it did. ` +
            'Export the result of a SELECT instead.';
    }
    case 'analyze': {
      if (!connection.readOnly) return null;
      const verdict = classify();
      return verdict.kind === 'read'
        ? null
        : `${name} is read-only and ANALYZE runs the statement, which may write ` +
            `(${verdict.reason}). Use EXPLAIN (without ANALYZE) here.`;
    }
    case 'run': {
      if (!connection.readOnly || use.readOnlyConfirmed) return null;
      const verdict = classify();
      return verdict.kind === 'read'
        ? null
        : `${name} is marked read-only and this statement is not known to only read ` +
            `(${verdict.reason}): confirm a second time to run it anyway.`;
    }
    case 'alter':
      // An ALTER TABLE always changes the table.
      return !connection.readOnly || use.readOnlyConfirmed
        ? null
        : `${name} is marked read-only and an ALTER changes the table: confirm a second time to run it anyway.`;
  }
}

/** A statement in a message: on one line, long ones cut. */
function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return `“${flat.length > 120 ? `${flat.slice(0, 117)}...` : flat}”`;
}

/** Each connection's flavor, read once (it cannot change on a connection; sql_mode can). */
const flavors = new WeakMap<Connection, SqlFlavor>();

/**
 * How the session lexes `sql` now. The flavor is read once per connection; sql_mode is read
 * again only for text where it matters (a `"` or a backslash), so most statements cost no
 * round trip.
 */
async function lexingFor(session: DbSession, sql: string): Promise<LexerOptions> {
  try {
    return await session.run(async (conn) => {
      const flavor = flavors.get(conn);
      if (flavor !== undefined && !lexingDependsOnSqlMode(sql)) return { flavor };
      const lexing = await readSessionLexing(conn);
      flavors.set(conn, lexing.flavor ?? 'mysql');
      return lexing;
    });
  } catch (err) {
    // The session has already turned a broken connection into CONNECTION_LOST.
    throw err instanceof ApiError ? err : errorToApi(err);
  }
}

/**
 * Applies judgeUserSql to `sql` as `session` lexes it; throws INVALID_REQUEST with the reason
 * when it is refused, before anything of it reaches the server. Every path that sends user SQL
 * calls this first.
 */
export async function guardUserSql(
  session: DbSession,
  sql: string,
  use: UserSqlUse,
  connection: GuardedConnection,
): Promise<{ statement: Statement }> {
  const verdict = judgeUserSql(sql, await lexingFor(session, sql), use, connection);
  if (!verdict.ok) {
    const { message, field } = verdict;
    throw new ApiError({ code: 'INVALID_REQUEST', message, ...(field ? { field } : {}) });
  }
  return verdict;
}
