/** Names for duplicated connections: "prod (copy)", then "prod (copy 2)", "prod (copy 3)", ... */

const COPY_SUFFIX = / \(copy(?: (\d+))?\)$/;

/**
 * The first free copy name for `name`, given the names in use (compared case-insensitively, as
 * the list is sorted and read that way). Copying a copy continues the numbering instead of
 * stacking suffixes: duplicating "prod (copy)" gives "prod (copy 2)", not "prod (copy) (copy)".
 * The base is shortened when needed so the result fits in `maxLength`.
 */
export function copyName(name: string, namesInUse: Iterable<string>, maxLength: number): string {
  const taken = new Set<string>();
  for (const used of namesInUse) taken.add(used.toLowerCase());
  const base = name.replace(COPY_SUFFIX, '');
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${base.slice(0, Math.max(0, maxLength - suffix.length)).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
