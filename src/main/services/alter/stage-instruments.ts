import type { Connection } from 'mysql2/promise';
import { selectRows, textOf } from '../schema/metadata-query';

/** What MySQL's ALTER progress needs, and what they were before Sightline touched them. */
export interface StageSettings {
  instruments: Array<{ name: string; enabled: string; timed: string }>;
  consumers: Array<{ name: string; enabled: string }>;
}

// Matched loosely: the stage names changed across versions (`copy to tmp table` has variants).
const INSTRUMENTS = `SELECT NAME, ENABLED, TIMED FROM performance_schema.setup_instruments
  WHERE NAME LIKE 'stage/innodb/alter%' OR NAME LIKE 'stage/sql/%copy to tmp table%'`;
const CONSUMERS = `SELECT NAME, ENABLED FROM performance_schema.setup_consumers
  WHERE NAME = 'events_stages_current'`;

/** The stage instruments and consumer as they are now. */
export async function readStageSettings(conn: Connection): Promise<StageSettings> {
  const instruments = await selectRows(conn, INSTRUMENTS);
  const consumers = await selectRows(conn, CONSUMERS);
  return {
    instruments: instruments.map((r) => ({
      name: textOf(r.NAME),
      enabled: textOf(r.ENABLED),
      timed: textOf(r.TIMED),
    })),
    consumers: consumers.map((r) => ({ name: textOf(r.NAME), enabled: textOf(r.ENABLED) })),
  };
}

/** Whether progress would be read with these settings as they are. */
export function stagesReady(s: StageSettings): boolean {
  return (
    s.instruments.length > 0 &&
    s.instruments.every((i) => i.enabled === 'YES') &&
    s.consumers.length > 0 &&
    s.consumers.every((c) => c.enabled === 'YES')
  );
}

/** Switches them on (global settings: restore with `restoreStageSettings`). */
export async function enableStages(conn: Connection, s: StageSettings): Promise<void> {
  for (const i of s.instruments) {
    await conn.query(
      "UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED = 'YES' WHERE NAME = ?",
      [i.name],
    );
  }
  for (const c of s.consumers) {
    await conn.query(
      "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = ?",
      [c.name],
    );
  }
}

/** Puts back what `readStageSettings` read. */
export async function restoreStageSettings(conn: Connection, s: StageSettings): Promise<void> {
  for (const i of s.instruments) {
    await conn.query(
      'UPDATE performance_schema.setup_instruments SET ENABLED = ?, TIMED = ? WHERE NAME = ?',
      [i.enabled, i.timed, i.name],
    );
  }
  for (const c of s.consumers) {
    await conn.query('UPDATE performance_schema.setup_consumers SET ENABLED = ? WHERE NAME = ?', [
      c.enabled,
      c.name,
    ]);
  }
}
