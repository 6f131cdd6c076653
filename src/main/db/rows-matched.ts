/**
 * The rows an UPDATE matched, from its OK packet. Sessions count affected rows as the mysql
 * client does (changed rows: a row set to the values it already had is not counted), so the
 * matched rows come from the server's info text, "Rows matched: 3  Changed: 1  Warnings: 0":
 * its first number, whatever language lc_messages words it in (the numbers keep their order).
 * Without that text, the affected rows.
 */
export function updateRowsMatched(header: { affectedRows: number; info?: string }): number {
  const first = /\d+/.exec(header.info ?? '')?.[0];
  return first === undefined ? header.affectedRows : Number(first);
}
