import { metadataLockWait } from '../../shared/alter/metadata-lock-wait';
import { parseAlter } from '../../shared/alter/parse-alter';
import type { ServerFlavor } from '../../shared/server/flavor';

/**
 * What the run confirmation says of the metadata lock wait of `statement`: the statement's own
 * NOWAIT / WAIT n (MariaDB) where written, else the run's lock_wait_timeout (`sessionSeconds`).
 */
export function waitSentence(
  statement: string,
  flavor: ServerFlavor,
  sessionSeconds: number,
): string {
  const parsed = parseAlter(statement, flavor === 'mariadb' ? 'mariadb' : 'mysql');
  const wait = metadataLockWait(parsed.ok ? parsed.alter : {}, sessionSeconds);
  const end =
    'at the start and again at the end: a transaction open on the table at the end for longer makes it give up and roll back all its work.';
  if (wait.setBy === 'lock_wait_timeout')
    return `It waits at most ${wait.seconds} s for the table's metadata lock, ${end}`;
  if (wait.seconds === 0)
    return "It does not wait for the table's metadata lock (NOWAIT is written; lock_wait_timeout does not apply), at the start or at the end: a transaction open on the table at the end makes it give up and roll back all its work.";
  return `It waits at most ${wait.seconds} s for the table's metadata lock (${wait.setBy} is written; lock_wait_timeout does not apply), ${end}`;
}
