// Index advice is cached by everything it depends on. The key was JSON.stringify of those
// parts; on a large plan with a full scan per UNION member that was most of the diagnosis. This
// key is built by concatenation, and reads back unambiguously: each string is written as its
// length, a colon and its characters, each list as its length and a bracket, a missing part as
// a tilde, so two different sets of parts never give the same key.

/** One key for a table access and the conditions and columns its index advice depends on. */
export function adviceKey(
  table: string | undefined,
  alias: string | undefined,
  schema: string | undefined,
  conditions: readonly string[],
  usedColumns: readonly string[] | undefined,
): string {
  let key = `${part(table)}${part(alias)}${part(schema)}${list(conditions)}`;
  key += usedColumns === undefined ? '~' : list(usedColumns);
  return key;
}

function part(s: string | undefined): string {
  return s === undefined ? '~' : `${s.length}:${s}`;
}

function list(items: readonly string[]): string {
  let out = `${items.length}[`;
  for (let i = 0; i < items.length; i++) out += part(items[i]);
  return out;
}
