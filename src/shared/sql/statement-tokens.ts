import { isSignificant, tokenize, type LexerOptions, type Token } from './lexer';

/** A token that carries SQL, with its text at hand. */
export interface SqlToken extends Token {
  text: string;
  /** `text` in upper case, for keyword comparisons. */
  upper: string;
}

/** The tokens of one statement that carry SQL (no whitespace, no plain comments), in order. */
export function statementTokens(text: string, options: LexerOptions = {}): SqlToken[] {
  return tokenize(text, options)
    .filter(isSignificant)
    .map((token) => {
      const tokenText = text.slice(token.start, token.end);
      return { ...token, text: tokenText, upper: tokenText.toUpperCase() };
    });
}

/** Whether `token` is the word `word` (given in upper case). */
export function isWord(token: SqlToken | undefined, word: string): boolean {
  return token?.kind === 'word' && token.upper === word;
}

/** Whether `token` is the punctuation `mark`. */
export function isMark(token: SqlToken | undefined, mark: string): boolean {
  return token?.kind === 'punctuation' && token.text === mark;
}

/** Index of the `)` matching the `(` at `open`, or the last index when it is missing. */
export function closingParenthesis(tokens: readonly SqlToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isMark(tokens[i], '(')) depth++;
    else if (isMark(tokens[i], ')') && --depth === 0) return i;
  }
  return tokens.length - 1;
}
