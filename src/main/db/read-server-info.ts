import type { Connection } from 'mysql2/promise';
import { z } from 'zod';
import { ApiError } from '../../shared/api/errors';
import {
  capabilitiesFor,
  detectFlavor,
  ServerInfoSchema,
  type ServerInfo,
} from '../../shared/server';
import { errorToApi } from './error-to-api';

/**
 * What a connected server says about itself, read in two queries and checked before use:
 * flavor and capabilities decide what every screen offers, so a value that is not what we
 * expect is an error naming that value, not a silently wrong screen.
 */
export async function readServerInfo(
  conn: Connection,
  viaSsh: boolean,
  tlsCert: { sha256: string; pinned: boolean } | null = null,
): Promise<ServerInfo> {
  const vars = single(
    await query(
      conn,
      'SELECT VERSION() AS version, @@version_comment AS versionComment, @@hostname AS hostname, ' +
        'CONNECTION_ID() AS connectionId, @@system_time_zone AS systemTimeZone, @@time_zone AS timeZone',
    ),
    VariablesRow,
    'SELECT VERSION(), @@version_comment, ...',
  );
  // SHOW STATUS works on both flavors with performance_schema off (MariaDB's default); the
  // session scope includes global-only counters such as Uptime.
  const status = statusMap(
    await query(conn, "SHOW SESSION STATUS WHERE Variable_name IN ('Uptime', 'Ssl_cipher')"),
  );

  const detected = detectFlavor(vars.version, vars.versionComment);
  if (!detected) {
    throw offValue('VERSION()', vars.version, 'it does not start with a version number');
  }
  const uptime = status.get('Uptime');
  if (uptime === undefined || !/^\d+$/.test(uptime)) {
    throw offValue("status variable 'Uptime'", uptime, 'expected a whole number of seconds');
  }
  // Ssl_cipher is '' on an unencrypted session; absent only on servers built without TLS.
  const cipher = status.get('Ssl_cipher') ?? '';
  const info: ServerInfo = {
    flavor: detected.flavor,
    version: detected.version,
    versionText: vars.version,
    versionComment: vars.versionComment,
    hostname: vars.hostname,
    uptimeSeconds: Number(uptime),
    connectionId: vars.connectionId,
    // SYSTEM means "whatever the server's OS uses", which only @@system_time_zone names.
    timeZone: vars.timeZone === 'SYSTEM' ? vars.systemTimeZone : vars.timeZone,
    tlsCipher: cipher === '' ? null : cipher,
    viaSsh,
    ...(tlsCert ? { tlsCert: { ...tlsCert } } : {}),
    capabilities: capabilitiesFor(detected.flavor, detected.version),
  };
  return ServerInfoSchema.parse(info);
}

/** A whole number that mysql2 may hand over as a string (BIGINT with bigNumberStrings). */
const wholeNumber = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n)),
]);

const VariablesRow = z.object({
  version: z.string().min(1),
  versionComment: z.string(),
  hostname: z.string(),
  connectionId: wholeNumber,
  systemTimeZone: z.string(),
  timeZone: z.string().min(1),
});

/** Names in the messages, by column alias. */
const COLUMN_NAMES: Record<string, string> = {
  version: 'VERSION()',
  versionComment: '@@version_comment',
  hostname: '@@hostname',
  connectionId: 'CONNECTION_ID()',
  systemTimeZone: '@@system_time_zone',
  timeZone: '@@time_zone',
};

const StatusRows = z.array(z.object({ Variable_name: z.string(), Value: z.string().nullable() }));

async function query(conn: Connection, sql: string): Promise<unknown> {
  try {
    const [rows] = await conn.query({ sql, rowsAsArray: false });
    return rows;
  } catch (err) {
    throw errorToApi(err);
  }
}

function single<T extends z.ZodType>(rows: unknown, schema: T, what: string): z.output<T> {
  if (!Array.isArray(rows) || rows.length !== 1) {
    throw new ApiError({
      code: 'SERVER_ERROR',
      message: `The server's answer to ${what} was not one row.`,
    });
  }
  const parsed = schema.safeParse(rows[0]);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = String(issue?.path[0] ?? '');
  const row = rows[0] as Record<string, unknown>;
  throw offValue(COLUMN_NAMES[key] ?? key, row[key], issue?.message ?? 'unexpected value');
}

function statusMap(rows: unknown): Map<string, string> {
  const parsed = StatusRows.safeParse(rows);
  if (!parsed.success) {
    throw new ApiError({
      code: 'SERVER_ERROR',
      message:
        "The server's answer to SHOW SESSION STATUS did not have the usual Variable_name and Value columns.",
    });
  }
  return new Map(parsed.data.map((r) => [r.Variable_name, r.Value ?? '']));
}

function offValue(name: string, value: unknown, why: string): ApiError {
  const shown =
    value === undefined ? 'nothing' : (JSON.stringify(value)?.slice(0, 80) ?? String(value));
  return new ApiError({
    code: 'SERVER_ERROR',
    message: `The server returned ${shown} for ${name}: ${why}.`,
  });
}
