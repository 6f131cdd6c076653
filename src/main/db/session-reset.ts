import type { SessionStateKind } from '../../shared/sql/session-state';
import { SESSION_STATE_KINDS } from '../../shared/sql/session-state';
import { displayIdentifier } from '../../shared/sql/quote-identifier';

/** What a session's lost connection held that its next connection does not. */
export interface LostSessionState {
  /** When the loss was seen (epoch ms). */
  at: number;
  /** Why, as the loss was reported. */
  why: string;
  /** Whether a transaction was open (null: the server's flags did not say). */
  transaction: boolean | null;
  held: SessionStateKind[];
}

/** Both losses in one, for a second loss before the first was told. */
export function mergeLostStates(
  earlier: LostSessionState | null,
  later: LostSessionState,
): LostSessionState {
  if (!earlier) return later;
  const transaction =
    earlier.transaction === true || later.transaction === true
      ? true
      : earlier.transaction === null || later.transaction === null
        ? null
        : false;
  return {
    at: earlier.at,
    why: earlier.why,
    transaction,
    held: SESSION_STATE_KINDS.filter((k) => earlier.held.includes(k) || later.held.includes(k)),
  };
}

/** Where the new connection is: its schema as DATABASE() says (null: none; undefined: unread). */
function schemaText(schema: string | null | undefined): string {
  if (schema === undefined) return 'the current schema is back to what the connection starts in';
  if (schema === null) return 'no schema is selected now: the USE you ran is undone';
  return `the current schema is ${displayIdentifier(schema)} now, where the connection starts, not the one USE chose`;
}

const HELD_TEXT: Record<Exclude<SessionStateKind, 'schema'>, string> = {
  variables: 'session and user variables set with SET are back to their defaults',
  temporary: 'temporary tables are gone',
  locks: 'locks taken with LOCK TABLES or GET_LOCK() are released',
  prepared: 'prepared statements and open HANDLERs are gone',
  code: 'whatever CALL, DO or EXECUTE set in the session is gone',
};

/**
 * Why a statement was not run on a session whose connection was lost with state in it: when and
 * why it was lost, each thing the new connection no longer has (`schema`: the new connection's
 * current schema, null for none, undefined when it could not be read), and what to do.
 */
export function sessionResetMessage(
  lost: LostSessionState,
  schema: string | null | undefined,
): string {
  const parts: string[] = [];
  if (lost.transaction === true) {
    parts.push(
      'the transaction that was open was rolled back by the server: every change made in it is gone',
    );
  } else if (lost.transaction === null) {
    parts.push('a transaction may have been open: if so, the server rolled it back');
  }
  for (const kind of lost.held) {
    parts.push(kind === 'schema' ? schemaText(schema) : HELD_TEXT[kind]);
  }
  const time = new Date(lost.at).toTimeString().slice(0, 8);
  const why = lost.why.replace(/[.\s]+$/, '');
  return (
    `The connection was lost (at ${time}: ${why}) and Sightline connected again, so this ` +
    `statement was not run: ${parts.join('; ')}. Check that the new session is set up as you ` +
    'need, then run the statement again.'
  );
}
