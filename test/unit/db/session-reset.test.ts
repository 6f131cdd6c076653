import { describe, expect, it } from 'vitest';
import { mergeLostStates, sessionResetMessage } from '../../../src/main/db/session-reset';

const at = new Date(2026, 10, 27, 14, 2, 11).getTime();

describe('sessionResetMessage', () => {
  it('says when and why, each thing lost in order, and what to do', () => {
    expect(
      sessionResetMessage(
        {
          at,
          why: 'Connection lost: The server closed the connection.',
          transaction: true,
          held: ['schema', 'variables', 'temporary'],
        },
        'shop',
      ),
    ).toBe(
      'The connection was lost (at 14:02:11: Connection lost: The server closed the connection) ' +
        'and Sightline connected again, so this statement was not run: the transaction that was ' +
        'open was rolled back by the server: every change made in it is gone; the current schema ' +
        'is `shop` now, where the connection starts, not the one USE chose; session and user ' +
        'variables set with SET are back to their defaults; temporary tables are gone. Check ' +
        'that the new session is set up as you need, then run the statement again.',
    );
  });

  it('says a transaction may have been open when the flags did not say, and no schema', () => {
    const lost = { at, why: 'gone', transaction: null, held: ['schema' as const] };
    const text = sessionResetMessage(lost, null);
    expect(text).toContain('a transaction may have been open: if so, the server rolled it back');
    expect(text).toContain('no schema is selected now: the USE you ran is undone');
    expect(sessionResetMessage(lost, undefined)).toContain(
      'the current schema is back to what the connection starts in',
    );
    // Backticks doubled as in SQL, also for a name quoteIdentifier would refuse.
    expect(sessionResetMessage(lost, 'a`b😀')).toContain('the current schema is `a``b😀` now');
  });

  it('merges a second loss into one not told yet', () => {
    const first = { at, why: 'first', transaction: true, held: ['schema' as const] };
    const second = { at: at + 5000, why: 'second', transaction: false, held: ['locks' as const] };
    expect(mergeLostStates(first, second)).toEqual({
      at,
      why: 'first',
      transaction: true,
      held: ['schema', 'locks'],
    });
    expect(mergeLostStates(null, second)).toBe(second);
  });
});
