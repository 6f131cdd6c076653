import { quoteIdentifier } from '../../../shared/sql/quote-identifier';
import { isReserved } from './sql-words';

/** Names that can be written bare: letters, digits, `_` and `$`, not all digits. */
const PLAIN_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$|^[0-9]+[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Plain names the servers read as numbers: `1e5` (a float), `0x1f` (hex), `0b101` (bits). */
const NUMBER_SHAPED = /^(\d+e\d+|0x[0-9a-f]+|0b[01]+)$/i;

/**
 * How a name is written into the editor: bare when that reads the same to the server, in
 * backticks otherwise (spaces, reserved words, names shaped like numbers, other characters) or
 * when the user started with a backtick.
 */
export function identifierText(name: string, quoted = false): string {
  if (!quoted && PLAIN_NAME.test(name) && !NUMBER_SHAPED.test(name) && !isReserved(name)) {
    return name;
  }
  return quoteIdentifier(name);
}

/**
 * The name a word or `` `quoted` `` identifier token stands for; an unterminated quoted one
 * (still being typed) stands for what follows its backtick.
 */
export function identifierValue(text: string, unterminated = false): string {
  if (!text.startsWith('`')) return text;
  const inside = unterminated ? text.slice(1) : text.slice(1, -1);
  return inside.replaceAll('``', '`');
}
