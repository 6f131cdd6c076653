import { readFile } from 'node:fs/promises';
import { decodeText, describeUndecodable } from '../../shared/text/decode-text';
import type { CliIo } from './command';

/** What a command got for one of its inputs: the text, or why there is none, in words. */
export type InputText =
  | { ok: true; text: string }
  /** `line`: where the text stops being text, when that is the reason. */
  | { ok: false; reason: string; line?: number };

const CONVERT = 'convert it first, for example with `iconv -f latin1 -t utf-8`';

/**
 * The text of the file `path`, strictly: UTF-8 or UTF-16 with a byte-order mark. A file in
 * another encoding is refused with where its first stray byte is, rather than linted, explained
 * or run with U+FFFD where its accented letters were.
 */
export async function readInputFile(path: string): Promise<InputText> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, reason: `cannot read the file${code ? ` (${code})` : ''}` };
  }
  const decoded = decodeText(bytes);
  if (decoded.ok) return { ok: true, text: decoded.text };
  return {
    ok: false,
    reason: `the file is ${describeUndecodable(bytes, decoded)}: ${CONVERT}`,
    line: decoded.line,
  };
}

/** Standard input's bytes as text, or an Error saying where they stop being text. */
export function stdinText(bytes: Uint8Array): string {
  const decoded = decodeText(bytes);
  if (decoded.ok) return decoded.text;
  throw new Error(`standard input is ${describeUndecodable(bytes, decoded)}: ${CONVERT}`);
}

/**
 * Standard input as a command's input, read once however many `-` the arguments hold; a failure
 * (not text, or unreadable) as the reason.
 */
export function stdinInput(io: Pick<CliIo, 'readStdin'>): () => Promise<InputText> {
  let read: Promise<InputText> | undefined;
  return () =>
    (read ??= io.readStdin().then(
      (text): InputText => ({ ok: true, text }),
      (e: unknown): InputText => ({
        ok: false,
        reason: e instanceof Error ? e.message : `cannot read standard input (${String(e)})`,
      }),
    ));
}
