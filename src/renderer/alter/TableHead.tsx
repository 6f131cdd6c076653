/** A column of TableHead: its label, right-aligned when it holds figures. */
export type HeadColumn = string | { label: string; num: true };

/**
 * The header row of a plain table (not the processlist's grid): one `<th scope="col">` per
 * column. Used by the ALTER and tuning screens' tables; a candidate for src/renderer/ui.
 */
export function TableHead({ columns }: { columns: readonly (HeadColumn | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          c === false ? null : typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className="num">
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
