import type { Connection } from 'mysql2/promise';
import type { FullStatement } from '../../../shared/api/processlist';
import { readStatement } from './read-statement';

/** The statement text when it is text (not escaped bytes) and one was running. */
const textOf = (s: FullStatement | null): string | null =>
  s !== null && s.text !== null && !s.binary ? s.text : null;

/**
 * Runs `explain` on session `id`'s running statement and says which statement the plan is of:
 * the one the session ran just before and just after, when it is the same text (a session
 * that moved on in between gives null, rather than another statement's name on the plan).
 * Reading it never fails the explain: null then.
 */
export async function withExplainedStatement<T>(
  conn: Connection,
  id: number,
  explain: () => Promise<T>,
): Promise<{ plan: T; statement: string | null }> {
  const read = () => readStatement(conn, id).catch(() => null);
  const before = textOf(await read());
  const plan = await explain();
  const after = before === null ? null : textOf(await read());
  return { plan, statement: before !== null && before === after ? before : null };
}
