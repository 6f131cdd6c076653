import type { CancelOutcome } from '../../shared/api/cancel-outcome';
import { ApiError } from '../../shared/api/errors';
import { cancelAnswer, type DbSession } from '../db/db-session';
import { errorToApi } from '../db/error-to-api';

/** Work a Cancel can stop: the thread it runs on (null before it started), and whether it was. */
export interface KillableWork {
  threadId: number | null;
  killed: boolean;
}

/**
 * Cancel of `work` running on `session`: KILL QUERY of its thread through the session's checked
 * kill (never by id alone). `killed` is set first, since the statement can end with the KILL
 * before the answer comes back, and cleared again when no KILL was sent.
 */
export async function cancelWork(
  session: DbSession,
  work: KillableWork | undefined,
): Promise<CancelOutcome> {
  if (!work || work.threadId === null) return { cancelled: false };
  work.killed = true;
  const outcome = await session.killQuery(work.threadId).catch((e: unknown) => {
    work.killed = false;
    throw e instanceof ApiError ? e : errorToApi(e);
  });
  if (!outcome.killed) work.killed = false;
  return cancelAnswer(outcome);
}
