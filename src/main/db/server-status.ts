/**
 * The status flags a server sends at the end of every statement (OK and EOF packets): the
 * protocol's own record of the session's state, read without asking the server anything.
 */

/** SERVER_STATUS_IN_TRANS: a transaction is open in the session. */
export const SERVER_STATUS_IN_TRANS = 0x0001;
/** SERVER_STATUS_AUTOCOMMIT: autocommit is on. */
export const SERVER_STATUS_AUTOCOMMIT = 0x0002;

/** SERVER_STATUS_NO_BACKSLASH_ESCAPES: sql_mode has NO_BACKSLASH_ESCAPES. */
export const SERVER_STATUS_NO_BACKSLASH_ESCAPES = 0x0200;

/** Whether the flags say a backslash in a string is an ordinary character (sql_mode). */
export function noBackslashEscapes(flags: number): boolean {
  return (flags & SERVER_STATUS_NO_BACKSLASH_ESCAPES) !== 0;
}

/**
 * Whether the flags say a transaction is open: after `BEGIN`, or after any statement with
 * autocommit off, until COMMIT, ROLLBACK or a statement that commits implicitly (DDL).
 */
export function transactionOpen(flags: number): boolean {
  return (flags & SERVER_STATUS_IN_TRANS) !== 0;
}
