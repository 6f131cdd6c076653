/**
 * Characters that change how text around them is shown, or are not shown at all: controls
 * (but tab, newline and carriage return), DEL, C1 controls, the bidirectional embeddings,
 * overrides, isolates and marks, and zero-width ones. In a name or a value, U+202E makes
 * `DROP TABLE `x`` display as something else; a zero-width space makes two names look alike.
 */
// Control characters are what this looks for.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/**
 * `text` with each hidden character (see HIDDEN above) replaced by a visible `⟨U+202E⟩`, and how
 * many there were: for showing exactly what will run. The text itself is what runs and what is
 * copied; this is only how it is shown.
 */
export function revealHiddenCharacters(text: string): { shown: string; hidden: number } {
  let hidden = 0;
  const shown = text.replace(HIDDEN, (c) => {
    hidden += 1;
    return `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  });
  return { shown, hidden };
}
