/**
 * JSON text re-indented for reading, exactly: only whitespace between tokens changes. Parsing
 * and re-serialising would not do - JSON.parse rounds 12345678901234567890 to
 * 12345678901234567000 and moves keys that look like integers to the front - so this walks the
 * text and never touches a string or a number. The text must be valid JSON (check with
 * `isJson` first); on anything else the result is unspecified but never throws.
 */
export function prettyJson(text: string, indent = '  '): string {
  const out: string[] = [];
  let depth = 0;
  let i = 0;
  const newline = () => out.push('\n', indent.repeat(depth));
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      // Copy the whole string, escapes included, in one slice.
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === close) {
        out.push(c + close);
        i = j + 1;
        continue;
      }
      depth++;
      out.push(c);
      newline();
    } else if (c === '}' || c === ']') {
      depth = Math.max(0, depth - 1);
      newline();
      out.push(c);
    } else if (c === ',') {
      out.push(',');
      newline();
    } else if (c === ':') {
      out.push(': ');
    } else if (!/\s/.test(c)) {
      // A number, true, false or null: copied as it is.
      let j = i + 1;
      while (j < text.length && !/[\s,:[\]{}"]/.test(text[j]!)) j++;
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    i++;
  }
  return out.join('');
}

/** Whether `text` is one valid JSON value; the parser's message when it is not. */
export function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
