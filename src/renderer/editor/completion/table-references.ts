import { isSignificant, tokenize, type SqlFlavor } from '../../../shared/sql/lexer';
import { identifierValue } from './identifier-text';
import { isKeyword, isReserved } from './sql-words';

/** A table a statement names, as written: `db.orders AS o` → schema db, table orders, alias o. */
export interface TableReference {
  schema: string | null;
  table: string;
  alias: string | null;
}

/** Keywords after which one or more table names follow. */
const INTRODUCERS = new Set(['FROM', 'JOIN', 'STRAIGHT_JOIN', 'UPDATE', 'INTO', 'TABLE']);

/**
 * The tables a statement names after FROM, JOIN, UPDATE, INTO and TABLE (and after commas in a
 * FROM list), with their aliases, wherever the cursor is: `SELECT o.| FROM orders o` must know
 * `o` before the FROM is reached. Derived tables `( ... ) AS d` are skipped; their inner
 * FROMs are found like any other.
 */
export function tableReferences(text: string, flavor: SqlFlavor): TableReference[] {
  const tokens = tokenize(text, { flavor })
    .filter(isSignificant)
    .map((t) => ({ ...t, text: text.slice(t.start, t.end) }));
  const refs: TableReference[] = [];
  const nameAt = (i: number): string | null => {
    const t = tokens[i];
    if (!t) return null;
    if (t.kind === 'quoted-identifier') return identifierValue(t.text, t.unterminated === true);
    if (t.kind === 'word' && !isReserved(t.text) && !/^\d+$/.test(t.text)) return t.text;
    return null;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word' || !INTRODUCERS.has(t.text.toUpperCase())) continue;
    const inFromList = t.text.toUpperCase() === 'FROM';
    let j = i + 1;
    for (;;) {
      const first = nameAt(j);
      if (first === null) break;
      let schema: string | null = null;
      let table = first;
      j++;
      if (tokens[j]?.text === '.') {
        const second = nameAt(j + 1);
        if (second === null) break;
        schema = first;
        table = second;
        j += 2;
      }
      let alias: string | null = null;
      if (tokens[j]?.text.toUpperCase() === 'AS') j++;
      const aliasName = nameAt(j);
      if (aliasName !== null && !isKeyword(aliasName)) {
        alias = aliasName;
        j++;
      }
      refs.push({ schema, table, alias });
      if (!inFromList || tokens[j]?.text !== ',') break;
      j++;
    }
  }
  return refs;
}
