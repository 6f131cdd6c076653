import { describe, expect, it } from 'vitest';
import { errorLine, errorText } from '../../../../src/renderer/ui/error-text';

describe('an error as the user reads it', () => {
  const missing = {
    code: 'SERVER_ERROR' as const,
    message:
      "The server reported an error: Table 'sl.no_such_table' doesn't exist (1146, SQLSTATE 42S02).",
    serverCode: 1146,
    sqlState: '42S02',
  };

  it("says the server's message once and its number and SQLSTATE once, no internal code", () => {
    const { message, codes } = errorText(missing);
    expect(message).toBe("Table 'sl.no_such_table' doesn't exist.");
    expect(codes).toBe('Error 1146 · SQLSTATE 42S02');
    const all = `${message} ${codes}`;
    expect(all.split('1146')).toHaveLength(2);
    expect(all.split('42S02')).toHaveLength(2);
    expect(all).not.toContain('SERVER_ERROR');
  });

  it('keeps the words of a message the backend wrote itself, minus the number', () => {
    const denied = {
      code: 'AUTH_FAILED' as const,
      message: "The server rejected user 'app' — wrong password (1045).",
      serverCode: 1045,
      sqlState: '28000',
    };
    expect(errorText(denied)).toEqual({
      message: "The server rejected user 'app' — wrong password.",
      codes: 'Error 1045 · SQLSTATE 28000',
    });
  });

  it('shows an error the server did not send as it is, with no code', () => {
    const lost = { code: 'CONNECTION_LOST' as const, message: 'The connection was lost (2013).' };
    expect(errorText(lost)).toEqual({ message: 'The connection was lost (2013).', codes: null });
    expect(errorLine(lost)).toBe('The connection was lost (2013).');
  });

  it('reads as one log line with the number in front', () => {
    expect(errorLine(missing)).toBe("Error 1146: Table 'sl.no_such_table' doesn't exist.");
  });
});
