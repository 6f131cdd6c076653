/**
 * How deep and how big a message from a screen may be. Serialising between processes, schema
 * checks and logging all walk a message recursively: a 20 KB frame of 10,000 nested arrays
 * overflowed the stack of browser mode's server. No call of the contract comes near these.
 */
export const MESSAGE_SHAPE_LIMITS = {
  /** Objects and arrays inside one another (the contract's deepest params are under 10). */
  maxDepth: 64,
  /** Values in the whole message: objects, arrays, their entries. */
  maxValues: 1_000_000,
} as const;

/**
 * Why `message` is too deeply nested or holds too many values to be passed on, in words for
 * the caller; null when it is fine. Walks the message with a stack of its own, never by
 * recursion, so the check itself cannot overflow.
 */
export function messageShapeProblem(
  message: unknown,
  limits: { maxDepth: number; maxValues: number } = MESSAGE_SHAPE_LIMITS,
): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: message, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (++values > limits.maxValues) {
      return `The message holds more than ${limits.maxValues.toLocaleString('en-US')} values; nothing was run.`;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDepth) {
      return `The message is nested more than ${limits.maxDepth} levels deep; nothing was run.`;
    }
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return null;
}
