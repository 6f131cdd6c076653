// What the command line prints comes partly from files and servers it does not trust (plan
// files, slow logs, table names): on a terminal, their control characters would be obeyed, not
// shown.

/** The stream a writer prints on: process.stdout or process.stderr, or a test's stand-in. */
export interface OutputStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

// Everything a terminal may act on but tab and newline: C0 (ESC starts every sequence, CR
// overwrites a line, BS erases), DEL, and the C1 controls (U+009B is a one-character CSI).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` with each control character but tab and newline written as `\xNN`. */
export function showControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * A writer to `stream`: on a terminal, control characters are shown as `\xNN` rather than
 * obeyed (a plan file's table name could otherwise set the title, clear the screen, hide text
 * or, on some terminals, write the clipboard); into a file or a pipe, text goes as it is.
 */
export function terminalWriter(stream: OutputStream): (text: string) => void {
  return stream.isTTY === true
    ? (text) => void stream.write(showControls(text))
    : (text) => void stream.write(text);
}
