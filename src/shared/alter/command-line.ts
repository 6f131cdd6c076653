/**
 * Command lines written for people to paste into a shell: built as arguments, then quoted for
 * the shell at hand, so no value (a table named `` a$(rm -rf ~) ``, a host with a quote) can
 * become shell syntax.
 */

/** Lines of arguments: one flag (and its value, if separate) per line. */
export type ArgumentLines = readonly (readonly string[])[];

/** The shells a line is written for: bash/zsh/sh, and PowerShell on Windows. */
export type ShellKind = 'posix' | 'powershell';

/** Words that mean the same, bare, to both shells (flags like `--max-lag=1`). */
const POSIX_SAFE = /^[A-Za-z0-9_./:=@%+,-]+$/;
/** PowerShell gives `@`, `,`, `+` ... meanings of its own; keep bare words plainer there. */
const POWERSHELL_SAFE = /^[A-Za-z0-9_./:=-]+$/;
/**
 * PowerShell ends a single-quoted string at any of these, not only at `'`; each is doubled to
 * stand for itself.
 */
const POWERSHELL_QUOTES = /['\u2018\u2019\u201a\u201b]/g;

/**
 * One argument for a POSIX shell: bare when it is made only of plainly safe characters, else in
 * single quotes (inside which nothing is special; a `'` is written `'\''`).
 */
export function posixQuote(arg: string): string {
  if (POSIX_SAFE.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * One argument for PowerShell: bare when plainly safe, else in single quotes (verbatim there)
 * with every kind of single quote PowerShell recognises doubled.
 */
export function powerShellQuote(arg: string): string {
  if (POWERSHELL_SAFE.test(arg) && !arg.startsWith('--%')) return arg;
  return `'${arg.replace(POWERSHELL_QUOTES, (q) => q + q)}'`;
}

/**
 * The command as text for `shell`, one line per entry of `lines`, continued with `\` (POSIX) or
 * a backtick (PowerShell).
 */
export function renderCommand(lines: ArgumentLines, shell: ShellKind): string {
  const quote = shell === 'posix' ? posixQuote : powerShellQuote;
  const continuation = shell === 'posix' ? ' \\\n  ' : ' `\n  ';
  return lines.map((args) => args.map(quote).join(' ')).join(continuation);
}

/**
 * A file-name part made of a name: letters, digits, `_` and `-` kept, anything else `_`, with
 * a short hash of the whole name when something was replaced (so `a b` and `a_b` differ).
 */
export function safeFileNamePart(name: string): string {
  const plain = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  if (plain === name) return name;
  return `${plain}-${fnv1a(name).toString(16).padStart(8, '0')}`;
}

/** 32-bit FNV-1a over the name's UTF-16 code units: short, stable, not a secret. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
