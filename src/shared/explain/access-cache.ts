// Index advice depends on a table access (table, alias, schema), the conditions on it and the
// columns it reads. Large plans repeat the same access many times (a UNION of similar selects),
// so the advice is cached by those parts. Looking them up part by part allocates nothing: a
// key string built per access (or JSON.stringify of the parts, before that) cost as much as
// the rest of the diagnosis.

interface Entry<T> {
  alias: string | undefined;
  schema: string | undefined;
  conditions: readonly string[];
  usedColumns: readonly string[] | undefined;
  value: T;
}

/** Values by a table access's parts; two accesses share a value only when all parts are equal. */
export class AccessCache<T> {
  // By table: a plan reads a table in few distinct ways, so each list is short.
  private readonly byTable = new Map<string | undefined, Array<Entry<T>>>();

  /** The value stored for exactly these parts, in a holder (its `value` may be anything). */
  find(
    table: string | undefined,
    alias: string | undefined,
    schema: string | undefined,
    conditions: readonly string[],
    usedColumns: readonly string[] | undefined,
  ): { readonly value: T } | undefined {
    const entries = this.byTable.get(table);
    if (entries === undefined) return undefined;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (
        e.alias === alias &&
        e.schema === schema &&
        sameList(e.conditions, conditions) &&
        (e.usedColumns === undefined
          ? usedColumns === undefined
          : usedColumns !== undefined && sameList(e.usedColumns, usedColumns))
      )
        return e;
    }
    return undefined;
  }

  /** Stores `value` for these parts; the lists are copied, so callers may reuse theirs. */
  store(
    table: string | undefined,
    alias: string | undefined,
    schema: string | undefined,
    conditions: readonly string[],
    usedColumns: readonly string[] | undefined,
    value: T,
  ): void {
    let entries = this.byTable.get(table);
    if (entries === undefined) this.byTable.set(table, (entries = []));
    entries.push({
      alias,
      schema,
      conditions: conditions.slice(),
      usedColumns: usedColumns?.slice(),
      value,
    });
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
