import { describe, expect, it } from 'vitest';
import { parsePlan, unwrapPastedPlan } from '../../../src/shared/explain';

const PLAN =
  '{\n  "query_block": {\n    "select_id": 1,\n    "table": {"table_name": "t1", "access_type": "ALL", "rows": 3}\n  }\n}';
const TREE = '-> Filter: (t.a > 1)  (cost=0.55 rows=1)\n    -> Table scan on t  (cost=0.55 rows=3)';

/** The unwrapped text, and the original text at a few of its offsets (the way back). */
function unwrap(input: string) {
  const u = unwrapPastedPlan(input);
  return { text: u.text, back: (at: number) => input[u.originOf(at)] };
}

describe('unwrapPastedPlan', () => {
  it('leaves a bare document alone', () => {
    expect(unwrapPastedPlan(PLAN).text).toBe(PLAN);
    expect(unwrapPastedPlan(TREE).text).toBe(TREE);
  });

  it('takes the value of a \\G row, dropping the prompt, statement and footer', () => {
    const input = `mysql> EXPLAIN FORMAT=JSON\n    -> SELECT * FROM t1\\G\n*************************** 1. row ***************************\nEXPLAIN: ${PLAN}\n1 row in set, 1 warning (0.00 sec)\n\nmysql> `;
    const u = unwrap(input);
    expect(u.text).toBe(PLAN);
    expect(u.back(0)).toBe('{');
    expect(u.back(PLAN.indexOf('"t1"'))).toBe('"');
  });

  it('takes the cell of a one-column client table, multi-line or not', () => {
    const width = 40;
    const border = `+${'-'.repeat(width)}+`;
    const input = `${border}\n| EXPLAIN${' '.repeat(width - 8)}|\n${border}\n| ${TREE}\n |\n${border}\n1 row in set (0.01 sec)\n`;
    expect(unwrapPastedPlan(input).text).toBe(TREE);
    const oneLine = `${border}\n| EXPLAIN${' '.repeat(width - 8)}|\n${border}\n| -> Rows fetched before execution  (cost=0..0 rows=1) |\n${border}\n`;
    expect(unwrapPastedPlan(oneLine).text).toBe(
      '-> Rows fetched before execution  (cost=0..0 rows=1)',
    );
  });

  it('unescapes batch output (header line, \\n and \\\\ escapes) and maps back to the one line', () => {
    const escaped = PLAN.replace(/\n/g, '\\n');
    const u = unwrap(`EXPLAIN\n${escaped}\n`);
    expect(u.text).toBe(PLAN);
    expect(u.back(PLAN.indexOf('"rows"'))).toBe('"');
    expect(unwrapPastedPlan('{\\n  "a": "x\\\\y"\\n}').text).toBe('{\n  "a": "x\\y"\n}');
  });

  it('decodes a document pasted as a JSON string, and strips single quotes', () => {
    expect(unwrapPastedPlan(JSON.stringify(PLAN)).text).toBe(PLAN);
    expect(unwrapPastedPlan(`'${TREE}'`).text).toBe(TREE);
  });

  it("reads a driver's result rows", () => {
    expect(unwrapPastedPlan(JSON.stringify([{ EXPLAIN: PLAN }])).text).toBe(PLAN);
    expect(unwrapPastedPlan(JSON.stringify({ ANALYZE: PLAN })).text).toBe(PLAN);
  });

  it('normalises CRLF and a byte-order mark, keeping positions', () => {
    const input = `\ufeff${PLAN.replace(/\n/g, '\r\n')}`;
    const u = unwrap(input);
    expect(u.text).toBe(PLAN);
    expect(u.back(PLAN.indexOf('"t1"'))).toBe('"');
  });

  it('leaves traditional tables and \\G rows to the tabular parser', () => {
    const vertical =
      '*************************** 1. row ***************************\n           id: 1\n  select_type: SIMPLE\n        table: t\n';
    expect(unwrapPastedPlan(vertical).text).toBe(vertical.trim());
  });
});

describe('pasted documents parse', () => {
  it.each([
    ['bare', PLAN],
    ['quoted', JSON.stringify(PLAN)],
    ['batch', `EXPLAIN\n${PLAN.replace(/\n/g, '\\n')}`],
    [
      'vertical',
      `*************************** 1. row ***************************\nEXPLAIN: ${PLAN}\n`,
    ],
    [
      'MariaDB prompt',
      `MariaDB [shop]> EXPLAIN FORMAT=JSON SELECT * FROM t1;\n+---------+\n| EXPLAIN |\n+---------+\n| ${PLAN} |\n+---------+\n1 row in set (0.001 sec)\n`,
    ],
  ])('%s', (_, text) => {
    const result = parsePlan(text);
    expect(result.ok && result.plan.root.children[0]?.table).toBe('t1');
  });
});
