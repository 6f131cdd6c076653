/** Columns an index on a table could cover: equality columns first, then one range column. */
export interface IndexColumns {
  equality: string[];
  range: string[];
}

// LIKE counts only when its pattern does not start with a wildcard: no index narrows down
// `'%son'` or `_utf8mb4'_a%'`, so an index suggested for them would be read in full.
// The white space before an operator is matched once, by one branch: `\s*` followed by a word
// operator's own `\s+` (as before) tried every split of a run of spaces, quadratic in its
// length, and LIKE's `\s+` could give back a space to get past the wildcard check.
const OPERATOR = String.raw`(?:\s*(=|<=>|!=|<>|<=|>=|<|>)|\s+(between\s|in\s*\(|like\s+(?!\s|(?:_\w+)?'[%_])|is\s+null))`;
const REVERSED = String.raw`(=|<=>|!=|<>|<=|>=|<|>)`;

/**
 * The columns of `table` (as the plan names it: its alias) that conditions compare, read from
 * the servers' condition texts (`(`shop`.`o`.`total` between 100 and 105)`,
 * `(o.status = 'paid')`). Equality (`=`, `IN`, `IS NULL`) suits an index's leading columns;
 * ranges (`<`, `BETWEEN`, `LIKE 'abc%'`) suit the column after them. `!=` and `LIKE '%abc'` help
 * no index.
 */
export function indexColumnsFromConditions(table: string, conditions: string[]): IndexColumns {
  const equality: string[] = [];
  const range: string[] = [];
  const [forward, reversed] = patternsFor(table);
  const add = (col: string, op: string) => {
    const o = op.trim().toLowerCase();
    if (o === '!=' || o === '<>') return;
    const target =
      o === '=' || o === '<=>' || o.startsWith('in') || o.startsWith('is') ? equality : range;
    if (!equality.includes(col) && !target.includes(col)) target.push(col);
  };
  for (const text of conditions) {
    forward.lastIndex = 0;
    for (let m = forward.exec(text); m; m = forward.exec(text)) add(m[1]!, (m[2] ?? m[3])!);
    // `a.x = b.y` reads both ways: `= b.y` names b's column.
    reversed.lastIndex = 0;
    for (let m = reversed.exec(text); m; m = reversed.exec(text)) add(m[2]!, m[1]!);
  }
  for (const c of equality) {
    const i = range.indexOf(c);
    if (i >= 0) range.splice(i, 1);
  }
  return { equality, range };
}

const patterns = new Map<string, [RegExp, RegExp]>();

/** The two patterns for a table, compiled once (plans name the same tables over and over). */
function patternsFor(table: string): [RegExp, RegExp] {
  let p = patterns.get(table);
  if (!p) {
    const name = escapeRegExp(table);
    // `schema.table.column` or `table.column`, each part optionally in backticks.
    const column = String.raw`(?<![\w$\`.])(?:\`?[\w$]+\`?\.)?\`?${name}\`?\.\`?([\w$]+)\`?`;
    p = [new RegExp(`${column}${OPERATOR}`, 'gi'), new RegExp(`${REVERSED}\\s*${column}`, 'gi')];
    if (patterns.size > 500) patterns.clear();
    patterns.set(table, p);
  }
  return p;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
