import { significantTokens } from './lexer';

/**
 * The real table an alias of the statement stands for (`FROM orders o`, `JOIN shop.orders AS
 * o`): plans in MySQL JSON v1 and MariaDB name tables by alias. Returns the name itself when the
 * statement does not alias it.
 */
export function tableOfAlias(sql: string, alias: string): { schema: string | null; table: string } {
  const tokens = significantTokens(sql);
  const textOf = (i: number): string | null => {
    const t = tokens[i];
    if (!t) return null;
    const s = sql.slice(t.start, t.end);
    return t.kind === 'quoted-identifier' ? s.slice(1, -1).replace(/``/g, '`') : s;
  };
  const isName = (i: number) =>
    tokens[i]?.kind === 'word' || tokens[i]?.kind === 'quoted-identifier';
  for (let i = 0; i < tokens.length; i++) {
    const word = textOf(i)?.toUpperCase();
    if (word !== 'FROM' && word !== 'JOIN' && word !== 'UPDATE' && word !== ',') continue;
    let j = i + 1;
    if (!isName(j)) continue;
    let schema: string | null = null;
    let table = textOf(j)!;
    if (textOf(j + 1) === '.' && isName(j + 2)) {
      schema = table;
      table = textOf(j + 2)!;
      j += 2;
    }
    j++;
    if (textOf(j)?.toUpperCase() === 'AS') j++;
    if (isName(j) && textOf(j)!.toLowerCase() === alias.toLowerCase()) return { schema, table };
  }
  return { schema: null, table: alias };
}
