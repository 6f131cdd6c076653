/**
 * Names made unique for use as object keys, keeping their order: a result may have two columns
 * called `id` (`SELECT a.id, b.id ...`), but a JSON object can hold only one. The first keeps its
 * name; later ones get `_2`, `_3`, ... skipping any name another column already has.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set(names);
  const used = new Set<string>();
  return names.map((name) => {
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
    let n = 2;
    while (taken.has(`${name}_${n}`) || used.has(`${name}_${n}`)) n++;
    const unique = `${name}_${n}`;
    used.add(unique);
    return unique;
  });
}
