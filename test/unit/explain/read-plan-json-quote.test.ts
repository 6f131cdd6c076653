import { describe, expect, it } from 'vitest';
import { readPlanJson } from '../../../src/shared/explain/read-plan-json';

describe("MariaDB's \\' in plan JSON", () => {
  it('reads it as the backslash and quote of the SQL text, leaving other escapes alone', () => {
    const text = String.raw`{"attached_condition": "t.s = 'it\'s' or t.s = 'a\\b' or t.q = \"x\""}`;
    expect(JSON.parse.bind(null, text)).toThrow();
    expect(readPlanJson(text)).toEqual({
      ok: true,
      value: { attached_condition: String.raw`t.s = 'it\'s' or t.s = 'a\b' or t.q = "x"` },
    });
  });

  it('does not touch a backslash pair before a quote, and still reports a broken document', () => {
    const pair = String.raw`{"c": "a\\", "d": "'"}`;
    expect(readPlanJson(pair)).toEqual({ ok: true, value: { c: 'a\\', d: "'" } });
    const broken = readPlanJson(String.raw`{"c": "it\'s", }`);
    expect(broken.ok).toBe(false);
  });
});
