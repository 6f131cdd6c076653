import type { ParsedAlter } from './alter-operation';

/**
 * How long an ALTER waits for its table's metadata lock, at its start and again at its end
 * (seen on MariaDB 10.11: `WAIT 2` gave up 2 s into the end of a rebuild while the session's
 * lock_wait_timeout was 100). MariaDB's `NOWAIT` / `WAIT n`, written in the statement, win over
 * the session's lock_wait_timeout.
 */
export interface MetadataLockWait {
  seconds: number;
  /** What sets it, as written: `NOWAIT`, `WAIT n`, or `lock_wait_timeout`. */
  setBy: string;
  /** Where a longer wait is asked for: the statement's clause or the run's setting. */
  longerWait: string;
}

/** The wait an ALTER run gets: its own NOWAIT / WAIT n if written, else `sessionSeconds`. */
export function metadataLockWait(
  alter: Pick<ParsedAlter, 'lockWait'>,
  sessionSeconds: number,
): MetadataLockWait {
  const wait = alter.lockWait;
  if (wait === undefined)
    return {
      seconds: sessionSeconds,
      setBy: 'lock_wait_timeout',
      longerWait: 'allow a longer wait',
    };
  if ('nowait' in wait)
    return {
      seconds: 0,
      setBy: 'NOWAIT',
      longerWait: 'write WAIT n in place of NOWAIT to allow a wait',
    };
  return {
    seconds: wait.seconds,
    setBy: `WAIT ${wait.seconds}`,
    longerWait: `write a longer WAIT (the statement's WAIT ${wait.seconds} wins over lock_wait_timeout)`,
  };
}

/** "lock_wait_timeout (30 s)", "its WAIT 5 (5 s)", "its NOWAIT (no wait)": for messages. */
export function lockWaitWords(wait: MetadataLockWait): string {
  if (wait.setBy === 'lock_wait_timeout') return `lock_wait_timeout (${wait.seconds} s)`;
  return `its ${wait.setBy} (${wait.seconds === 0 ? 'no wait' : `${wait.seconds} s`})`;
}
