import { describe, expect, it } from 'vitest';
import { otherStatement } from '../../../src/main/services/processlist/kill-sessions';

const was = { id: 20, info: 'SELECT SLEEP(10) AS first_stmt', key: 'event:41' };

describe('otherStatement (KILL QUERY of the statement confirmed only)', () => {
  it('lets the same top-level statement be stopped, whatever runs inside it', () => {
    expect(otherStatement(was, { ...was })).toBeNull();
    // A CALL: the processlist shows the statement running in it, the identity is the CALL's.
    expect(otherStatement(was, { ...was, info: 'DO SLEEP(1)' })).toBeNull();
    const started = { id: 7, info: 'CALL p()', key: 'start:1000000' };
    expect(otherStatement(started, { ...started, key: 'start:1000180' })).toBeNull();
  });

  it('refuses another event (MySQL), a later start (MariaDB), or a statement where was none', () => {
    expect(
      otherStatement(was, { ...was, info: 'SELECT SLEEP(60) AS second_stmt', key: 'event:57' }),
    ).toBe('Not killed: #20 now runs another statement: SELECT SLEEP(60) AS second_stmt.');
    const started = { id: 7, info: 'SELECT 1', key: 'start:1000000' };
    expect(otherStatement(started, { ...started, key: 'start:1001500' })).toBe(
      'Not killed: #7 now runs another statement: SELECT 1.',
    );
    expect(otherStatement({ ...was, info: null, key: null }, was)).toBe(
      'Not killed: #20 now runs another statement: SELECT SLEEP(10) AS first_stmt.',
    );
  });

  it('claims nothing it cannot tell: no identity on one side, or two kinds of identity', () => {
    expect(otherStatement(was, { ...was, info: 'other', key: null })).toBeNull();
    expect(otherStatement(was, { ...was, key: 'start:5' })).toBeNull();
  });
});
