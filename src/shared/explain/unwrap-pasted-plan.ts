/**
 * A plan document freed from what terminals and tools wrap around it, with the way back to
 * positions in the original text (errors are reported where the user sees them).
 */
export interface UnwrappedPlan {
  text: string;
  /** The offset in the original input of an offset in `text`. */
  originOf: (offset: number) => number;
}

type Step = (text: string) => { text: string; map: (offset: number) => number } | null;

const ROW_HEADER = /^\*{5,} *\d+\. row *\*{5,}[ \t]*$/;
const BORDER = /^\+(?:-+\+)+[ \t]*$/;
const PROMPT =
  /^[ \t]*(?:mysql|MariaDB(?: \[[^\]\n]*\])?|MySQL\b[^>\n]*|[\w.-]+ \[[^\]\n]*\])>[ \t]/;
const PROMPT_ANYWHERE = new RegExp(PROMPT.source, 'm');
const STATEMENT_END = /(?:;|\\[Gg])[ \t]*$/;
const FOOTER =
  /^[ \t]*(?:\d+ rows? in set\b.*|Empty set\b.*|Query OK\b.*|Warnings?:.*|(?:Note|Warning|Error) \(Code \d+\):.*|Bye|\(\d+(?:\.\d+)? sec\))[ \t]*$/;
const FOOTER_ANYWHERE = new RegExp(FOOTER.source, 'm');

/**
 * Unwraps a plan pasted from a terminal or a tool: the `mysql` client's table borders and `\G`
 * row headers, prompts and `N rows in set` footers, batch output with escaped `\n`, surrounding
 * quotes, a JSON-encoded string, a driver's `[{"EXPLAIN": "..."}]`. Text that is already a
 * bare document comes back unchanged, cheaply (no copy of large inputs).
 */
export function unwrapPastedPlan(input: string): UnwrappedPlan {
  let text = input;
  let originOf = (offset: number) => offset;
  const steps: Step[] = [
    normalizeLineEnds,
    dropSessionNoise,
    unwrapVerticalRow,
    unwrapSingleColumnTable,
    unescapeBatchOutput,
    unquote,
    unwrapDriverRows,
    trimBlank,
  ];
  // Wrappers nest (a quoted string holding batch output); a few rounds undo any such stack.
  for (let round = 0; round < 4; round++) {
    let changed = false;
    for (const step of steps) {
      const result = step(text);
      if (!result || result.text === text) continue;
      const previous = originOf;
      const map = result.map;
      originOf = (offset) => previous(map(offset));
      text = result.text;
      changed = true;
    }
    if (!changed) break;
  }
  return { text, originOf };
}

function normalizeLineEnds(text: string): ReturnType<Step> {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // JSON reads \r as whitespace and lines are counted at \n: a bare JSON document needs no
  // normalising, and large ones are not worth a scan.
  if (!bom && (text[0] === '{' || text.indexOf('\r') < 0)) return null;
  const removed: number[] = []; // offsets in the result where a \r was dropped
  let out = '';
  let from = bom;
  for (let i = text.indexOf('\r', bom); i >= 0; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) !== 0x0a) continue;
    out += text.slice(from, i);
    removed.push(out.length);
    from = i + 1;
  }
  out += text.slice(from);
  return { text: out, map: (offset) => offset + bom + countAtOrBefore(removed, offset) };
}

/** Prompts with the statement typed after them, and the client's footers. */
function dropSessionNoise(text: string): ReturnType<Step> {
  const head = text.trimStart()[0];
  // A bare document: only a footer pasted along at its end is possible; don't scan megabytes.
  if (head === '{' || head === '[') {
    if (!FOOTER.test(lastNonBlankLine(text))) return null;
  } else if (!PROMPT_ANYWHERE.test(text) && !FOOTER_ANYWHERE.test(text)) return null;
  const lines = text.split('\n');
  const kept: Array<{ outStart: number; origStart: number; text: string }> = [];
  let orig = 0;
  let out = 0;
  let inStatement = false;
  for (const line of lines) {
    const origStart = orig;
    orig += line.length + 1;
    if (inStatement) {
      inStatement = !STATEMENT_END.test(line);
      continue;
    }
    if (PROMPT.test(line)) {
      inStatement = !STATEMENT_END.test(line);
      continue;
    }
    if (FOOTER.test(line)) continue;
    kept.push({ outStart: out, origStart, text: line });
    out += line.length + 1;
  }
  if (kept.length === lines.length) return null;
  return {
    text: kept.map((k) => k.text).join('\n'),
    map: lineMap(kept),
  };
}

/** `*** 1. row ***` then `EXPLAIN: {...}`: the value of the one plan column. */
function unwrapVerticalRow(text: string): ReturnType<Step> {
  const start = skipBlankLines(text);
  const firstEnd = lineEnd(text, start);
  if (!ROW_HEADER.test(text.slice(start, firstEnd))) return null;
  const fieldStart = firstEnd + 1;
  const field = /^[ \t]*(EXPLAIN|ANALYZE|JSON|QUERY PLAN|plan)[ \t]*:[ \t]?/i.exec(
    text.slice(fieldStart, fieldStart + 40),
  );
  if (!field) return null; // a traditional EXPLAIN in \G form: the tabular parser reads it
  const valueStart = fieldStart + field[0].length;
  const nextRow = /\n\*{5,} *\d+\. row *\*{5,}/.exec(text.slice(valueStart));
  const valueEnd = nextRow ? valueStart + nextRow.index : text.length;
  return { text: text.slice(valueStart, valueEnd), map: (offset) => offset + valueStart };
}

/** `| EXPLAIN |` between borders: the cell's text (multi-line cells are printed raw). */
function unwrapSingleColumnTable(text: string): ReturnType<Step> {
  const start = skipBlankLines(text);
  const firstEnd = lineEnd(text, start);
  const border = text.slice(start, firstEnd);
  if (!BORDER.test(border) || border.trimEnd().split('+').length !== 3) return null;
  const headerEnd = lineEnd(text, firstEnd + 1);
  const secondEnd = lineEnd(text, headerEnd + 1);
  if (!BORDER.test(text.slice(headerEnd + 1, secondEnd))) return null;
  let bodyStart = secondEnd + 1;
  const lastBorder = text.lastIndexOf('\n+-');
  if (lastBorder < bodyStart) return null;
  let bodyEnd = lastBorder;
  // Strip `| ` before the value and ` |` after it (after the padding of its last line).
  if (text.startsWith('| ', bodyStart)) bodyStart += 2;
  else if (text[bodyStart] === '|') bodyStart += 1;
  const tail = /[ \t]*\|[ \t]*$/.exec(text.slice(bodyStart, bodyEnd));
  if (tail) bodyEnd = bodyStart + tail.index;
  return { text: text.slice(bodyStart, bodyEnd), map: (offset) => offset + bodyStart };
}

/** The client's batch output: an `EXPLAIN` header line and the value with `\n` escaped. */
function unescapeBatchOutput(text: string): ReturnType<Step> {
  const start = skipBlankLines(text);
  let bodyStart = start;
  const header = /^(?:EXPLAIN|ANALYZE)[ \t]*\n/.exec(text.slice(start, start + 12));
  if (header) bodyStart = start + header[0].length;
  const body = text.slice(bodyStart).trimEnd();
  // Escaped text has no real line breaks but starts like a plan followed by `\n`.
  if (body.includes('\n') || !/^(?:\{\\n|\[\\n|->)/.test(body) || !body.includes('\\n'))
    return null;
  const collapsed: number[] = []; // result offsets where a two-character escape became one
  let out = '';
  let from = 0;
  for (let i = body.indexOf('\\'); i >= 0; i = body.indexOf('\\', i + 2)) {
    const next = body[i + 1];
    const replacement =
      next === 'n' ? '\n' : next === 't' ? '\t' : next === '\\' ? '\\' : next === '0' ? '\0' : null;
    if (replacement === null) continue;
    out += body.slice(from, i) + replacement;
    collapsed.push(out.length);
    from = i + 2;
  }
  out += body.slice(from);
  return {
    text: out,
    map: (offset) => bodyStart + offset + countAtOrBefore(collapsed, offset),
  };
}

/** `'...'` or `"..."` around the whole document (a JSON-encoded string is decoded). */
function unquote(text: string): ReturnType<Step> {
  const start = skipBlankLines(text);
  const body = text.slice(start).trimEnd();
  if (body.length < 2) return null;
  const q = body[0];
  if ((q !== '"' && q !== "'") || body[body.length - 1] !== q) return null;
  if (q === '"') {
    try {
      const decoded: unknown = JSON.parse(body);
      // Escapes make decoded offsets drift a little; errors inside point close enough.
      if (typeof decoded === 'string')
        return { text: decoded, map: (offset) => start + 1 + offset };
    } catch {
      // Not a JSON string: strip the quotes as they are.
    }
  }
  return { text: body.slice(1, -1), map: (offset) => start + 1 + offset };
}

/** `[{"EXPLAIN": "..."}]` or `{"EXPLAIN": "..."}` as drivers and GUIs export a result. */
function unwrapDriverRows(text: string): ReturnType<Step> {
  const start = skipBlankLines(text);
  if (!/^\[?\s*\{\s*"(?:EXPLAIN|ANALYZE)"\s*:\s*"/.test(text.slice(start, start + 40))) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    const row = Array.isArray(parsed) ? (parsed[0] as unknown) : parsed;
    if (typeof row !== 'object' || row === null) return null;
    const value = Object.values(row)[0];
    if (typeof value !== 'string') return null;
    const at = text.indexOf('"', text.indexOf(':', start));
    return { text: value, map: (offset) => at + 1 + offset };
  } catch {
    return null;
  }
}

function trimBlank(text: string): ReturnType<Step> {
  const start = skipBlankLines(text);
  const trimmed = text.slice(start).trimEnd();
  if (start === 0 && trimmed.length === text.length) return null;
  return { text: trimmed, map: (offset) => offset + start };
}

/** The offset of the first character of the first non-blank line (0 for a blank-free start). */
function skipBlankLines(text: string): number {
  let i = 0;
  let lineStart = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) lineStart = i + 1;
    else if (c !== 0x20 && c !== 0x09) return lineStart === 0 ? 0 : lineStart;
    i++;
  }
  return text.length;
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf('\n', from);
  return i < 0 ? text.length : i;
}

function lastNonBlankLine(text: string): string {
  const end = text.trimEnd().length;
  return text.slice(text.lastIndexOf('\n', end - 1) + 1, end);
}

/** How many sorted offsets are <= `offset`. */
function countAtOrBefore(sorted: number[], offset: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Maps offsets in lines joined from kept source lines back to the source. */
function lineMap(kept: Array<{ outStart: number; origStart: number }>): (offset: number) => number {
  return (offset) => {
    let lo = 0;
    let hi = kept.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (kept[mid]!.outStart <= offset) lo = mid;
      else hi = mid - 1;
    }
    const line = kept[lo];
    return line ? line.origStart + (offset - line.outStart) : offset;
  };
}
