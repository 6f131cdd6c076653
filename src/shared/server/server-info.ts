import { z } from 'zod';
import { CapabilitiesSchema } from './capabilities';
import { ServerFlavorSchema } from './flavor';
import { ServerVersionSchema } from './version';

/** What a connected server told us about itself, flavor and capabilities included. */
export const ServerInfoSchema = z.object({
  flavor: ServerFlavorSchema,
  version: ServerVersionSchema,
  /** VERSION() as the server returned it, e.g. `10.11.6-MariaDB-0+deb12u1-log`. */
  versionText: z.string(),
  versionComment: z.string(),
  hostname: z.string(),
  uptimeSeconds: z.number().int().nonnegative(),
  /** The session's CONNECTION_ID(). */
  connectionId: z.number().int().nonnegative(),
  /** `@@system_time_zone` / `@@time_zone` so times can be named. */
  timeZone: z.string(),
  /** The TLS cipher in use, or null for an unencrypted connection. */
  tlsCipher: z.string().nullable(),
  /**
   * The server's TLS certificate on this session (`SHA256:` fingerprint) and whether it was
   * pinned for the connection (checked against the pin, or pinned now on first use). Absent
   * without TLS.
   */
  tlsCert: z.object({ sha256: z.string(), pinned: z.boolean() }).optional(),
  /** True when the session went through an SSH tunnel. */
  viaSsh: z.boolean(),
  capabilities: CapabilitiesSchema,
});
export type ServerInfo = z.infer<typeof ServerInfoSchema>;
