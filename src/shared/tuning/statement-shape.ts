import { significantTokens } from '../sql/lexer';

/**
 * A statement's shape, to find the earlier plans of "the same" statement: comments and spacing
 * dropped, keywords and names lower-cased (backticks removed), and every literal (string,
 * number, `IN (...)` list) replaced by `?`, much as the server's digest normalises it. Two runs
 * of one query with different values share a shape; a trailing `;` is ignored.
 */
export function statementShape(sql: string): string {
  const out: string[] = [];
  for (const t of significantTokens(sql)) {
    const text = sql.slice(t.start, t.end);
    if (t.kind === 'string') out.push('?');
    else if (t.kind === 'word')
      out.push(/^[0-9][0-9.e+-]*$/i.test(text) ? '?' : text.toLowerCase());
    else if (t.kind === 'quoted-identifier')
      out.push(text.slice(1, -1).replace(/``/g, '`').toLowerCase());
    else out.push(text);
  }
  while (out.length && out[out.length - 1] === ';') out.pop();
  // `IN (?, ?, ?)` lists of any length are one shape.
  return out
    .join(' ')
    .replace(/\(\s*\?(?:\s*,\s*\?)*\s*\)/g, '(?)')
    .replace(/\s+([,.)])/g, '$1')
    .replace(/([(.])\s+/g, '$1');
}
