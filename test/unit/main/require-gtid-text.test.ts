import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/errors';
import { requireGtidText } from '../../../src/main/services/replication/require-gtid-text';

// Servers print whole, valid GTID values, so no real server can send a bad one: these are the
// shapes a value cut at 1,024 (MySQL SHOW VARIABLES) or 4,096 characters (MariaDB) takes.
// A cut that happens to end between two numbers still parses; only reading values whole
// (read-gtid-state) prevents that one.

const uuid = (i: number) => `${String(i).padStart(8, '0')}-1111-4222-8333-444444444444`;
/** 30 lines of 42 characters: cut at 1,024, the 25th UUID is left half-written. */
const LONG_SET = Array.from({ length: 30 }, (_, i) => `${uuid(i + 1)}:1-9`).join(',\n');

const thrown = (work: () => unknown): ApiError => {
  try {
    work();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
};

describe('requireGtidText', () => {
  it('returns whole values as the server sent them', () => {
    for (const text of ['', LONG_SET, `${uuid(1)}:1-5:tag:1`]) {
      expect(requireGtidText('gtid_executed', text, 'mysql')).toBe(text);
    }
    for (const text of ['', '0-1-5,1-2-7', '0-1-5,0-2-9']) {
      expect(requireGtidText('gtid_binlog_state', text, 'mariadb')).toBe(text);
    }
  });

  it('refuses a MySQL set cut mid-UUID, naming the variable and the place', () => {
    const cut = LONG_SET.slice(0, 1024);
    const error = thrown(() => requireGtidText('gtid_executed', cut, 'mysql'));
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.message).toBe(
      'The server\'s gtid_executed (1024 characters) is not a GTID set: Expected at least two hex digits after 1024 characters, marked by [HERE] in: "...025-1111-42[HERE]". Errant transactions and promotion are not judged from a set that cannot be read whole.',
    );
  });

  it('refuses a MariaDB list cut mid-item, quoting only around the fault', () => {
    const whole = Array.from({ length: 500 }, (_, i) => `${i + 1}-1-${i + 7}`).join(',');
    const cut = whole.slice(0, 4096);
    const error = thrown(() => requireGtidText('gtid_slave_pos', cut, 'mariadb'));
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.message).toContain(
      "The server's gtid_slave_pos (4096 characters) is not a MariaDB GTID list: not a MariaDB GTID list:",
    );
    expect(error.message.length).toBeLessThan(300);
  });

  it('refuses a value that is not text', () => {
    expect(thrown(() => requireGtidText('gtid_purged', null, 'mysql')).message).toBe(
      'The server returned NULL for gtid_purged, where GTID text was expected.',
    );
    expect(thrown(() => requireGtidText('Gtid_IO_Pos', Buffer.from('0-1-1'), 'mariadb')).code).toBe(
      'SERVER_ERROR',
    );
  });
});
