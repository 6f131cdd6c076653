import { describe, expect, it } from 'vitest';
import { locateJsonError, parsePlan, readPlanJson } from '../../../src/shared/explain';

describe('readPlanJson', () => {
  it('reads MySQL end markers as comments, but not comment-like text inside strings', () => {
    const text = '{\n  "a": {\n    "b": "x /* y */ z"\n  } /* a */,\n  "c": [1] /* c */\n}';
    expect(readPlanJson(text)).toEqual({ ok: true, value: { a: { b: 'x /* y */ z' }, c: [1] } });
  });

  it('handles escaped quotes before a comment', () => {
    expect(readPlanJson('{"a": "q\\"/*"} /* end */')).toEqual({ ok: true, value: { a: 'q"/*' } });
  });

  it('reports where broken JSON goes wrong, positions unchanged by blanked comments', () => {
    const text = '{\n  "a": 1 /* one */,\n  "b": tru\n}';
    const result = readPlanJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(text.slice(result.offset, result.offset + 3)).toBe('tru');
  });
});

describe('locateJsonError', () => {
  it.each([
    ['{"a": 1', 7, 'unexpected end of input'],
    ['{"a": 1,}', 8, 'property name'],
    ['[1, 2', 5, 'unexpected end of input'],
    ['{"a" 1}', 5, "expected ':'"],
    ['{"a": "b\nc"}', 8, 'control character'],
    ['{"a": 01}', 7, 'in a number'],
    ['{"a": -}', 6, 'expected a number'],
    ['{"a": "\\x"}', 7, 'bad escape'],
    ['{"a": "abc', 10, 'unterminated string'],
    ['{} x', 3, 'after the end'],
    ['', 0, 'unexpected end of input'],
    ['{"a": [1 2]}', 9, "expected ','"],
    ['{"a": nul}', 6, 'expected a value'],
  ])('%j → offset %d (%s)', (text, offset, words) => {
    const error = locateJsonError(text);
    expect(error?.offset).toBe(offset);
    expect(error?.message).toContain(words);
  });

  it('agrees with JSON.parse on valid documents, however deep', () => {
    for (const text of [
      '{}',
      '[]',
      '"x"',
      '1e5',
      '{"a":[{"b":null},true,false,-0.5e-3]}',
      '['.repeat(50_000) + ']'.repeat(50_000),
    ]) {
      expect(locateJsonError(text)).toBeNull();
    }
  });
});

describe('errors carry the line and column of the input as given', () => {
  it('in a bare document', () => {
    const result = parsePlan(
      '{\n  "query_block": {\n    "select_id": 1,\n    "table": {"table_name": x}\n  }\n}',
    );
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        line: 4,
        column: 29,
        message: expect.stringMatching(/^invalid JSON: unexpected character "x"/),
      }),
    });
  });

  it('in a document pasted from the mysql client (\\G), counting the wrapper', () => {
    const text =
      '*************************** 1. row ***************************\nEXPLAIN: {\n  "query_block": {\n    "select_id": 1,,\n  }\n}\n1 row in set (0.00 sec)\n';
    const result = parsePlan(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.error.line, result.error.column]).toEqual([4, 20]);
  });

  it('in batch output with escaped newlines, on the one line it has', () => {
    const text = 'EXPLAIN\n{\\n  "query_block": {\\n    "select_id": 1 2\\n  }\\n}\n';
    const result = parsePlan(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.line).toBe(2);
      expect(text.split('\n')[1]!.slice(result.error.column - 1)).toMatch(/^2\\n/);
    }
  });

  it('for truncated input, at its end', () => {
    const text = '{\n  "query_block": {\n    "select_id": 1';
    const result = parsePlan(text);
    expect(result.ok ? null : [result.error.line, result.error.column]).toEqual([3, 19]);
  });
});
