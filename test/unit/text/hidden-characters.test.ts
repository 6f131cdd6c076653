import { describe, expect, it } from 'vitest';
import { revealHiddenCharacters } from '../../../src/shared/text/hidden-characters';

describe('revealHiddenCharacters', () => {
  it('shows direction overrides, zero-width and control characters by their code point', () => {
    expect(revealHiddenCharacters('DROP TABLE `a\u202Egnp.txt` ;')).toEqual({
      shown: 'DROP TABLE `a⟨U+202E⟩gnp.txt` ;',
      hidden: 1,
    });
    expect(revealHiddenCharacters('`us\u200Bers`, `x\u0000`, \u001b[2J, \u009b, \uFEFF')).toEqual({
      shown: '`us⟨U+200B⟩ers`, `x⟨U+0000⟩`, ⟨U+001B⟩[2J, ⟨U+009B⟩, ⟨U+FEFF⟩',
      hidden: 5,
    });
    for (const c of ['\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'])
      expect(revealHiddenCharacters(c).hidden).toBe(1);
  });

  it('leaves tabs, newlines, carriage returns and ordinary non-ASCII text alone', () => {
    const text = "UPDATE t SET a = 'café\tнет\r\n日本' WHERE id = 1;\n";
    expect(revealHiddenCharacters(text)).toEqual({ shown: text, hidden: 0 });
  });
});
