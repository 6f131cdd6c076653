/** Control characters other than tab, newline and carriage return, and U+FFFD (undecodable). */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g;

/** A statement made safe to show: control bytes escaped, and whether it held any. */
export interface SafeStatement {
  text: string;
  binary: boolean;
}

/**
 * A statement's text made safe to display: control characters become `\xNN` and bytes that were
 * not valid UTF-8 (decoded as U+FFFD) become `\u{FFFD}`-free `\x??`, so binary literals inside a
 * statement neither break the layout nor pass for text.
 */
export function safeStatementText(text: string): SafeStatement {
  let binary = false;
  const escaped = text.replace(UNSAFE, (c) => {
    binary = true;
    if (c === '\ufffd') return '\\x??';
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return { text: escaped, binary };
}

/** The first `max` characters of a statement, without cutting a surrogate pair in half. */
export function statementPreview(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * A statement on one line for a sentence: white space runs made one space, cut at `max`
 * characters (see statementPreview) with `…` when longer.
 */
export function oneLineStatement(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${statementPreview(flat, max)}…` : flat;
}
