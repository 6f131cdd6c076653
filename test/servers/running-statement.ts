import type { RowDataPacket } from 'mysql2';
import { withConnection, type LoginTarget } from './connect';

/**
 * The id of the one connection whose running statement contains `marker`, once it runs (10 s
 * at most); an error when none does by then, or when more than one does.
 */
export async function threadRunning(server: LoginTarget, marker: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ids = await withConnection(server, async (c) => {
      const [rows] = await c.query<RowDataPacket[]>(
        "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE CONCAT('%', ?, '%') AND INFO NOT LIKE '%PROCESSLIST%'",
        [marker],
      );
      return rows.map((r) => Number(r.ID));
    });
    if (ids.length > 1) throw new Error(`${ids.length} statements with ${marker} are running`);
    if (ids.length === 1) return ids[0]!;
    if (Date.now() > deadline) throw new Error(`no statement with ${marker} is running`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
