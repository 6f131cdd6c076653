import { describe, expect, it } from 'vitest';
import { lockWaitWords, metadataLockWait } from '../../../../src/shared/alter/metadata-lock-wait';
import { waitSentence } from '../../../../src/renderer/alter/wait-sentence';

describe('metadataLockWait', () => {
  it('takes the statement’s NOWAIT / WAIT n over the session’s lock_wait_timeout', () => {
    expect(lockWaitWords(metadataLockWait({}, 30))).toBe('lock_wait_timeout (30 s)');
    expect(lockWaitWords(metadataLockWait({ lockWait: { seconds: 5 } }, 30))).toBe(
      'its WAIT 5 (5 s)',
    );
    expect(lockWaitWords(metadataLockWait({ lockWait: { nowait: true } }, 30))).toBe(
      'its NOWAIT (no wait)',
    );
    expect(metadataLockWait({ lockWait: { nowait: true } }, 30).longerWait).toBe(
      'write WAIT n in place of NOWAIT to allow a wait',
    );
  });
});

describe('waitSentence', () => {
  it('names the run’s lock_wait_timeout when the statement sets no wait', () => {
    expect(waitSentence('ALTER TABLE t ADD COLUMN c INT', 'mariadb', 30)).toBe(
      "It waits at most 30 s for the table's metadata lock, at the start and again at the end: a transaction open on the table at the end for longer makes it give up and roll back all its work.",
    );
  });

  it('names the statement’s own WAIT n or NOWAIT on MariaDB', () => {
    expect(waitSentence('ALTER TABLE t WAIT 2 ADD COLUMN c INT', 'mariadb', 30)).toBe(
      "It waits at most 2 s for the table's metadata lock (WAIT 2 is written; lock_wait_timeout does not apply), at the start and again at the end: a transaction open on the table at the end for longer makes it give up and roll back all its work.",
    );
    expect(waitSentence('ALTER TABLE t NOWAIT ADD COLUMN c INT', 'mariadb', 30)).toMatch(
      /^It does not wait for the table's metadata lock \(NOWAIT is written;/,
    );
  });

  it('falls back to lock_wait_timeout for a statement it cannot read', () => {
    expect(waitSentence('ALTER TABLE', 'mysql', 7)).toMatch(/^It waits at most 7 s /);
  });
});
