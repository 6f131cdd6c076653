/** Why MySQL would reject a GTID set text, and where. */
export interface GtidSetSyntaxError {
  /** What is wrong, e.g. `Expected ","` or `Interval start out of range`. */
  reason: string;
  /** How many bytes of the UTF-8 text come before the error: MySQL's "after N characters". */
  position: number;
  /** MySQL's description with the marked excerpt, the part quoted in error 1772. */
  detail: string;
  /** The full text of MySQL's error 1772 for this input. */
  message: string;
}

/** Thrown by `requireGtidSet` for text MySQL would refuse. */
export class MalformedGtidSetError extends Error {
  /** ER_MALFORMED_GTID_SET_SPECIFICATION, the error MySQL raises. */
  readonly code = 1772;
  constructor(readonly syntax: GtidSetSyntaxError) {
    super(syntax.message);
    this.name = 'MalformedGtidSetError';
  }
}

// MySQL 9.7 quotes at most 48 characters around the error: "[HERE]", 14 before it (longer
// prefixes keep their last 11 after "..."), 28 after it (longer suffixes keep 25, then "...").
const PREFIX_MAX = 14;
const SUFFIX_MAX = 28;
const ELLIPSIS = '...';

/**
 * Builds the syntax error MySQL reports for `reason` at byte `position` of `bytes` (the text's
 * UTF-8 bytes, one character per byte: see `utf8ByteString`).
 */
export function gtidSetSyntaxError(
  bytes: string,
  reason: string,
  position: number,
): GtidSetSyntaxError {
  const rest = bytes.length - position;
  const suffix =
    rest > SUFFIX_MAX
      ? escapeBytes(bytes.slice(position, position + SUFFIX_MAX - ELLIPSIS.length)) + ELLIPSIS
      : escapeBytes(bytes.slice(position));
  let detail: string;
  if (position === 0) {
    detail = `${reason} at the beginning of the string: "${suffix}"`;
  } else {
    const prefix =
      position > PREFIX_MAX
        ? ELLIPSIS + escapeBytes(bytes.slice(position - (PREFIX_MAX - ELLIPSIS.length), position))
        : escapeBytes(bytes.slice(0, position));
    detail = `${reason} after ${position} characters, marked by [HERE] in: "${prefix}[HERE]${suffix}"`;
  }
  return {
    reason,
    position,
    detail,
    message: `Malformed GTID set specification '${detail}'.`,
  };
}

// How MySQL 9.7 escapes bytes in these excerpts: C escapes for \a..\r, \" and \\, \xNN (lower
// case) for other control bytes and for every byte of a non-ASCII character; DEL stays as is.
const C_ESCAPES: Record<number, string> = {
  7: '\\a',
  8: '\\b',
  9: '\\t',
  10: '\\n',
  11: '\\v',
  12: '\\f',
  13: '\\r',
  34: '\\"',
  92: '\\\\',
};

function escapeBytes(bytes: string): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes.charCodeAt(i);
    const named = C_ESCAPES[byte];
    if (named !== undefined) out += named;
    else if (byte < 0x20 || byte >= 0x80) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return out;
}
