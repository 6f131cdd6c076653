import type { Connection } from 'mysql2/promise';
import { tagOwnStatement } from '../../shared/tuning/own-statement-tag';
import { ownStatementLog } from './own-statement-log';

/** A statement Sightline sends on its own, tagged, and noted in the process's log. */
export function ownStatement(sql: string): string {
  ownStatementLog.note(sql);
  return tagOwnStatement(sql);
}

function tagged(arg: unknown): unknown {
  if (typeof arg === 'string') return ownStatement(arg);
  if (arg !== null && typeof arg === 'object') {
    const sql = (arg as { sql?: unknown }).sql;
    if (typeof sql === 'string') return { ...arg, sql: ownStatement(sql) };
  }
  return arg;
}

/** Each tagged connection's own, untagged one. */
const untaggedOf = new WeakMap<Connection, Connection>();

/**
 * The connection without the tag, for a statement the user wrote and Sightline only sends (an
 * ALTER they planned, an edit they applied, their init SQL): it reaches the server as written,
 * and tools that look for it by its text (INFO LIKE 'ALTER%') find it.
 */
export function untagged(conn: Connection): Connection {
  return untaggedOf.get(conn) ?? conn;
}

/**
 * The promise connection services query with, with Sightline's tag put before every statement
 * sent through `query` and `execute` (see own-statement-tag). A user's statement from an editor
 * streams on the core connection (`conn.connection`), which this leaves untouched, so what the
 * user typed reaches the server exactly as typed.
 */
export function taggedConnection(conn: Connection): Connection {
  const query = (...args: unknown[]) =>
    (conn.query as (...a: unknown[]) => unknown)(tagged(args[0]), ...args.slice(1));
  const execute = (...args: unknown[]) =>
    (conn.execute as (...a: unknown[]) => unknown)(tagged(args[0]), ...args.slice(1));
  const proxy = new Proxy(conn, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'execute') return execute;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  untaggedOf.set(proxy, conn);
  return proxy;
}
