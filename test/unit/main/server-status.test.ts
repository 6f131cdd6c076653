import { describe, expect, it } from 'vitest';
import {
  SERVER_STATUS_AUTOCOMMIT,
  SERVER_STATUS_IN_TRANS,
  SERVER_STATUS_NO_BACKSLASH_ESCAPES,
  noBackslashEscapes,
  transactionOpen,
} from '../../../src/main/db/server-status';

describe('server status flags', () => {
  it('use the protocol values', () => {
    expect(SERVER_STATUS_IN_TRANS).toBe(1);
    expect(SERVER_STATUS_AUTOCOMMIT).toBe(2);
  });

  it('say a transaction is open only when IN_TRANS is set', () => {
    // Autocommit on, nothing open: what a fresh session reports (0x0002).
    expect(transactionOpen(0x0002)).toBe(false);
    // After BEGIN: IN_TRANS | AUTOCOMMIT.
    expect(transactionOpen(0x0003)).toBe(true);
    // Autocommit off and a statement run: IN_TRANS alone.
    expect(transactionOpen(0x0001)).toBe(true);
    // Other flags (no index used, more results) do not count.
    expect(transactionOpen(0x0002 | 0x0020 | 0x0008)).toBe(false);
    expect(transactionOpen(0x4000 | 0x0001)).toBe(true);
    expect(transactionOpen(0)).toBe(false);
  });

  it('say NO_BACKSLASH_ESCAPES only when its flag (0x0200) is set', () => {
    expect(SERVER_STATUS_NO_BACKSLASH_ESCAPES).toBe(0x0200);
    expect(noBackslashEscapes(0x0202)).toBe(true);
    expect(noBackslashEscapes(0x0002 | 0x0001 | 0x4000)).toBe(false);
  });
});
