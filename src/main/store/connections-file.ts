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
 * The whole file. Entries are validated here (so a damaged entry makes the file count as damaged
 * and the backup is used), but kept as the raw objects: the parsed form drops unknown keys inside
 * nested objects, and the raw form is what gets written back.
 */
export const ConnectionsFileSchema = z
  .looseObject({
    format: z.literal(CONNECTIONS_FILE_FORMAT),
    version: z.number().int().min(1),
    connections: z.array(z.record(z.string(), z.unknown())),
  })
  .superRefine((file, ctx) => {
    // A newer format may have entries this version cannot validate; the store refuses it whole.
    if (file.version !== CONNECTIONS_FILE_VERSION) return;
    const seen = new Set<string>();
    file.connections.forEach((entry, index) => {
      const result = StoredConnectionSchema.safeParse(entry);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({
            code: 'custom',
            path: ['connections', index, ...issue.path.map(pathKey)],
            message: issue.message,
          });
        }
        return;
      }
      if (seen.has(result.data.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['connections', index, 'id'],
          message: `The id ${result.data.id} is used by more than one connection`,
        });
      }
      seen.add(result.data.id);
    });
  });
export type ConnectionsFile = z.infer<typeof ConnectionsFileSchema>;

function pathKey(key: PropertyKey): string | number {
  return typeof key === 'symbol' ? String(key) : key;
}
