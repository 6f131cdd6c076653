/** A key column's value: its text, or its bytes as hex where the driver gave bytes. */
export type KeyValue = { text: string } | { hex: string };

/** One row of a chunk as the comparison reads it: its key and its hash. */
export interface HashedRow {
  key: KeyValue[];
  hash: string;
}

/** How a row differs on the replica from the source. */
export type RowDifferenceKind = 'missing' | 'extra' | 'changed';

/** A row that differs, by key. */
export interface RowDifference {
  kind: RowDifferenceKind;
  key: KeyValue[];
  /** For a changed row once both servers' values were read: the columns that differ. */
  columns?: string[];
}

/** A key as one string: equal keys (same bytes) give the same text. */
export const keyText = (key: readonly KeyValue[]): string => JSON.stringify(key);

/**
 * The rows of one key range that differ between source and replica: `missing` on the replica,
 * `extra` there, or `changed` (same key, other values). Rows are matched by their exact key
 * bytes, so the order the servers sorted them in does not matter. Source order first, then the
 * replica's extra rows in its order.
 */
export function diffRows(
  source: readonly HashedRow[],
  replica: readonly HashedRow[],
): RowDifference[] {
  const onReplica = new Map<string, string>();
  for (const row of replica) onReplica.set(keyText(row.key), row.hash);
  const seen = new Set<string>();
  const out: RowDifference[] = [];
  for (const row of source) {
    const k = keyText(row.key);
    seen.add(k);
    const hash = onReplica.get(k);
    if (hash === undefined) out.push({ kind: 'missing', key: row.key });
    else if (hash !== row.hash) out.push({ kind: 'changed', key: row.key });
  }
  for (const row of replica) {
    if (!seen.has(keyText(row.key))) out.push({ kind: 'extra', key: row.key });
  }
  return out;
}
