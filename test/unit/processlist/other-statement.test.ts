import { describe, expect, it } from 'vitest';
import { otherStatement } from '../../../src/main/services/processlist/kill-sessions';

const was = { id: 20, info: 'SELECT SLEEP(10) AS first_stmt', timeSeconds: 3, queryId: null };

describe('otherStatement (KILL QUERY of the statement confirmed only)', () => {
  it('lets the same statement, grown older by the time gone by, be stopped', () => {
    expect(otherStatement(was, { ...was, timeSeconds: 13 }, 10.4)).toBeNull();
    // Seconds are whole on both reads: one either side is rounding.
    expect(otherStatement(was, { ...was, timeSeconds: 11 }, 10.9)).toBeNull();
  });

  it('refuses another text, another MariaDB query, or the same text started since', () => {
    expect(otherStatement(was, { ...was, info: 'SELECT SLEEP(60) AS second_stmt' }, 11)).toBe(
      'Not killed: #20 now runs another statement: SELECT SLEEP(60) AS second_stmt.',
    );
    expect(otherStatement(was, { ...was, info: null }, 1)).toBe(
      'Not killed: #20 now runs another statement.',
    );
    expect(
      otherStatement({ ...was, queryId: '41' }, { ...was, queryId: '57', timeSeconds: 9 }, 5),
    ).toBe('Not killed: #20 now runs another statement of the same text (query id 57, not 41).');
    expect(otherStatement(was, { ...was, timeSeconds: 1 }, 12)).toBe(
      'Not killed: #20 now runs another statement of the same text, started 1 s ago (the one confirmed had run 3 s by then).',
    );
  });
});
