import type { SessionLexing } from '../../shared/sql/mask-secrets';
import type { DbSession } from '../db/db-session';

/** What is known of a session, seen when its previous statement ended. */
interface Seen {
  link: number;
  noBackslashEscapes: boolean | null;
}

/**
 * How the server read the statement a session just finished, as far as it can be known without
 * asking (asking would cost a round trip and reset what the user's next statement may read):
 * NO_BACKSLASH_ESCAPES is in the status flags of every statement, so a statement was read with
 * the value its predecessor on the same connection ended with. A statement may change the mode
 * for the next ones (`SET sql_mode = ...`), which is why the flags it ended with do not say how
 * it was read itself. The first statement on a connection, the flavor and ANSI_QUOTES are
 * unknown (null): masking then tries every reading.
 *
 * Call the returned function once per finished statement, in order.
 */
export function statementLexing(): (session: DbSession) => SessionLexing {
  const seen = new WeakMap<DbSession, Seen>();
  return (session) => {
    const before = seen.get(session);
    const noBackslashEscapes = before?.link === session.linkId ? before.noBackslashEscapes : null;
    seen.set(session, { link: session.linkId, noBackslashEscapes: session.noBackslashEscapes });
    return { flavor: null, noBackslashEscapes, ansiQuotes: null };
  };
}
