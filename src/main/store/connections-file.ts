/**
 * The on-disk format of `connections.json`:
 * `{ "format": "sightline-connections", "version": 1, "connections": [entry, ...] }`, where each
 * entry holds the ConnectionSettings fields plus `id`, `createdAt`, `updatedAt` and
 * `sealedSecrets` (SecretBox output, never plaintext).
 *
 * Compatibility rules: a newer Sightline may add keys anywhere (older versions keep them when
 * rewriting, hence the loose objects); a change an older version cannot read safely must raise
 * `version`, and an older version then refuses the file instead of misreading it.
 */
import { z } from 'zod';
import { ConnectionSettingsSchema } from '../../shared/api/connection';

export const CONNECTIONS_FILE_NAME = 'connections.json';
export const CONNECTIONS_FILE_FORMAT = 'sightline-connections';
export const CONNECTIONS_FILE_VERSION = 1;

export const SealedSecretsSchema = z.looseObject({
  password: z.string().optional(),
  sshPassword: z.string().optional(),
  sshPassphrase: z.string().optional(),
});
export type SealedSecrets = z.infer<typeof SealedSecretsSchema>;

export const StoredConnectionSchema = ConnectionSettingsSchema.extend({
  id: z.string().min(1).max(64),
  createdAt: z.string(),
  updatedAt: z.string(),
  sealedSecrets: SealedSecretsSchema,
}).loose();
export type StoredConnection = z.infer<typeof StoredConnectionSchema>;

/**
 * The whole file. Entries are read one by one (see readEntry), not here: one entry this version
 * cannot read (a value a newer Sightline added to an enum, a hand edit) must not make the file
 * count as damaged and cost every other connection. They are kept as the raw values: the parsed
 * form drops unknown keys inside nested objects, and the raw form is what gets written back.
 * Two entries with one id are damage, though: which one an id means would be a guess.
 */
export const ConnectionsFileSchema = z
  .looseObject({
    format: z.literal(CONNECTIONS_FILE_FORMAT),
    version: z.number().int().min(1),
    connections: z.array(z.unknown()),
  })
  .superRefine((file, ctx) => {
    // A newer format may have entries this version cannot validate; the store refuses it whole.
    if (file.version !== CONNECTIONS_FILE_VERSION) return;
    const seen = new Set<string>();
    file.connections.forEach((entry, index) => {
      const id = idOf(entry);
      if (id === undefined) return;
      if (seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['connections', index, 'id'],
          message: `The id ${id} is used by more than one connection`,
        });
      }
      seen.add(id);
    });
  });
export type ConnectionsFile = z.infer<typeof ConnectionsFileSchema>;

/** An entry's id when it has a usable one (what StoredConnectionSchema accepts), else undefined. */
export function idOf(entry: unknown): string | undefined {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const id = (entry as Record<string, unknown>).id;
  return typeof id === 'string' && id.length >= 1 && id.length <= 64 ? id : undefined;
}

/** One entry of the file, read: the connection, or why this version cannot read it. */
export type ReadEntry =
  | { ok: true; raw: Record<string, unknown>; connection: StoredConnection }
  | { ok: false; raw: unknown; field: string; reason: string };

/** Reads one entry; never throws. `field` is the first failing field's dotted path. */
export function readEntry(raw: unknown): ReadEntry {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, raw, field: '', reason: 'The entry is not an object' };
  const result = StoredConnectionSchema.safeParse(raw);
  if (result.success)
    return { ok: true, raw: raw as Record<string, unknown>, connection: result.data };
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const found = valueAt(raw, path);
  const shown =
    typeof found === 'string' || typeof found === 'number' || typeof found === 'boolean'
      ? ` (found ${JSON.stringify(found)})`
      : '';
  return {
    ok: false,
    raw,
    field: path.map(String).join('.'),
    // `"a"|"b"` as `"a", "b"`: the list of allowed values then wraps in a narrow rail.
    reason: `${(issue?.message ?? 'The entry is not valid').replaceAll('"|"', '", "')}${shown}`,
  };
}

/** The value at a validation issue's path, or undefined. */
function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || typeof key === 'symbol') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
