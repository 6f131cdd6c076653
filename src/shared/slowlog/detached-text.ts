// The reader hands out strings cut from the chunk it was given (V8 makes a cut of 13 or more
// characters a view into its parent, not a copy). Whatever a digest keeps for the whole run
// (map keys, examples, times) must not be such a view: each would keep a whole chunk alive, and
// a class per chunk would keep the log in memory.

/**
 * A copy of `text` that does not point into the text it was cut from: slicing a fresh
 * concatenation flattens it into a new string of its own (V8), which the slice points into.
 */
export function detachedText(text: string): string {
  return ` ${text}`.slice(1);
}
