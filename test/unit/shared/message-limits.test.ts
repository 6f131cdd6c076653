import { serialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/api/contract';
import {
  MAX_MESSAGE_BYTES,
  MAX_PORT_MESSAGE_BYTES,
  MAX_STATEMENT_BYTES,
  StatementTextSchema,
  structuredSizeBound,
  utf8Length,
} from '../../../src/shared/api/message-limits';
import { formatBytes } from '../../../src/shared/format/bytes';

/** Strings with everything that changes a byte count: ASCII, 2-, 3- and 4-byte characters, lone surrogates. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', '\u0001', '"', '\\', 'é', '€', '😀', '\ud800', '\udfff'),
    fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
  ),
  maxLength: 200,
});

describe('utf8Length', () => {
  it('counts what Node encodes, lone surrogates as U+FFFD', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the statement ceiling', () => {
  it('takes exactly MAX_STATEMENT_BYTES of UTF-8 and refuses one byte more, naming both sizes', () => {
    // '€' is three bytes: the last one straddles the limit when one byte is added before it.
    const fill = '€'.repeat(Math.floor(MAX_STATEMENT_BYTES / 3));
    const exact = 'a'.repeat(MAX_STATEMENT_BYTES - fill.length * 3) + fill;
    expect(Buffer.byteLength(exact)).toBe(MAX_STATEMENT_BYTES);
    expect(StatementTextSchema.safeParse(exact).success).toBe(true);
    const over = StatementTextSchema.safeParse(`a${exact}`);
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(
      'The statement is 64.0 MiB (67,108,865 bytes) of UTF-8, more than the 64 MiB ' +
        '(67,108,864 bytes) Sightline sends in one statement; it was not sent.',
    );
  });

  it('is what query.start accepts, with the field named', () => {
    const sessionId = 's';
    const sql = '€'.repeat(MAX_STATEMENT_BYTES / 3 + 1);
    const r = contract['query.start'].params.safeParse({ sessionId, sql });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['sql']);
    // 22.4M characters: the old limit (16 Mi characters) let it through, the WebSocket did not.
    expect(contract['query.start'].params.safeParse({ sessionId, sql: sql.slice(1) }).success).toBe(
      true,
    );
  });

  it('leaves room on the WebSocket for any statement within it, however JSON escapes it', () => {
    fc.assert(
      fc.property(anyText, (sql) => {
        const call = JSON.stringify({
          t: 'call',
          id: 2 ** 53 - 1,
          method: 'query.start',
          params: { sessionId: 'x'.repeat(64), sql },
        });
        // Scaled: JSON never takes more than six bytes per byte of the statement, plus the call.
        expect(Buffer.byteLength(call)).toBeLessThanOrEqual(6 * Buffer.byteLength(sql) + 200);
      }),
      { numRuns: 2000 },
    );
    expect(MAX_MESSAGE_BYTES).toBeGreaterThanOrEqual(6 * MAX_STATEMENT_BYTES + 200);
  });
});

describe('structuredSizeBound', () => {
  it('is never below what V8 serializes (what a MessagePort carries)', () => {
    const json = fc.jsonValue().chain((v) =>
      fc.record({
        t: fc.constant('call'),
        id: fc.nat(),
        method: fc.string(),
        params: fc.constant(v),
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          json,
          anyText.map((sql) => ({ params: { sql } })),
        ),
        (message) => {
          expect(structuredSizeBound(message)).toBeGreaterThanOrEqual(serialize(message).length);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('lets any statement within the ceiling through the port', () => {
    // At most one UTF-16 unit per byte of UTF-8: two bytes each once serialized.
    const message = {
      t: 'call',
      id: 1,
      method: 'query.start',
      params: { sessionId: 'x'.repeat(64), sql: '' },
    };
    expect(structuredSizeBound(message) + 2 * MAX_STATEMENT_BYTES).toBeLessThanOrEqual(
      MAX_PORT_MESSAGE_BYTES,
    );
    // Chromium's IPC carries at most 256 MiB in one message.
    expect(MAX_PORT_MESSAGE_BYTES).toBeLessThan(256 * 1024 * 1024);
  });
});

describe('formatBytes', () => {
  it.each([
    [900, '900 bytes'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [1024 * 1024 - 4, '1.0 MiB'],
    [17_000_000, '16.2 MiB'],
    [64 * 1024 * 1024, '64 MiB'],
    [3 * 1024 ** 3, '3 GiB'],
  ])('%d → %s', (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });
});
