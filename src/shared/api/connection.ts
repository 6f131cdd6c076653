import { z } from 'zod';
import { BackgroundExplainSettingsSchema } from '../tuning/background-explain';

/** Colour tags: names, not hex, so both themes can pick accessible shades. */
export const CONNECTION_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export const ConnectionColorSchema = z.enum(CONNECTION_COLORS);
export type ConnectionColor = z.infer<typeof ConnectionColorSchema>;

export const TLS_MODES = ['off', 'preferred', 'required', 'verify-ca', 'verify-identity'] as const;
export const TlsModeSchema = z.enum(TLS_MODES);
export type TlsMode = z.infer<typeof TlsModeSchema>;

const hostName = z
  .string()
  .trim()
  .min(1, 'Host is required')
  .max(255, 'Host is longer than 255 characters')
  .regex(/^[^\s/]+$/, 'Host must be a name or address without spaces or slashes');
const port = z
  .number()
  .int('Port must be a whole number')
  .min(1, 'Port must be between 1 and 65535')
  .max(65535, 'Port must be between 1 and 65535');
const filePath = z.string().trim().min(1, 'File path is empty').max(4096);

export const EndpointSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tcp'), host: hostName, port }),
  z.object({ kind: z.literal('socket'), path: filePath }),
]);
export type Endpoint = z.infer<typeof EndpointSchema>;

export const TlsSettingsSchema = z
  .object({
    mode: TlsModeSchema,
    caFile: filePath.optional(),
    certFile: filePath.optional(),
    keyFile: filePath.optional(),
    /**
     * The server's RSA public key (PEM), pinned like `mysql --server-public-key-path`: on a link
     * without TLS it is the only key a password is ever encrypted with.
     */
    serverPublicKeyFile: filePath.optional(),
    /**
     * Like `mysql --get-server-public-key`: on a link without TLS and without a pinned key, ask
     * the server for its key and encrypt the password with it. Anyone in the middle can hand
     * over their own key and read the password, so it is off unless the user turns it on.
     */
    getServerPublicKey: z.boolean().optional(),
    /**
     * The server's TLS certificate, trusted on first use, for the modes that do not verify it
     * (preferred, required): `SHA256:` and the unpadded base64 of the SHA-256 of the leaf
     * certificate (DER), like an SSH host key fingerprint. `openssl x509 -in cert.pem -outform
     * DER | openssl dgst -sha256 -binary | base64` prints the same (with a trailing `=`).
     * While it is set, a server presenting another certificate, or no TLS, is refused before
     * anything secret is sent. The verify modes check the certificate against the CA instead
     * and ignore it.
     */
    serverCertSha256: z
      .string()
      .regex(
        /^SHA256:[A-Za-z0-9+/]{43}$/,
        'The certificate fingerprint must be SHA256: followed by 43 base64 characters',
      )
      .optional(),
  })
  .superRefine((tls, ctx) => {
    if ((tls.mode === 'verify-ca' || tls.mode === 'verify-identity') && !tls.caFile) {
      ctx.addIssue({
        code: 'custom',
        path: ['caFile'],
        message: 'A CA file is needed to verify the server certificate',
      });
    }
    if (Boolean(tls.certFile) !== Boolean(tls.keyFile)) {
      ctx.addIssue({
        code: 'custom',
        path: [tls.certFile ? 'keyFile' : 'certFile'],
        message: 'A client certificate and its key go together',
      });
    }
  });
export type TlsSettings = z.infer<typeof TlsSettingsSchema>;

/**
 * True when `mode` encrypts without verifying the server's certificate against a CA, so a
 * pinned certificate (`serverCertSha256`) is what tells the real server from an impostor.
 */
export function tlsModePins(mode: TlsMode): boolean {
  return mode === 'preferred' || mode === 'required';
}

export const SshSettingsSchema = z
  .object({
    host: hostName,
    port,
    user: z.string().trim().min(1, 'SSH user is required').max(255),
    auth: z.enum(['password', 'key']),
    privateKeyFile: filePath.optional(),
    /**
     * The SSH server's host key, trusted on first use: OpenSSH's `SHA256:` fingerprint (what
     * `ssh-keygen -lf key.pub` prints). Absent until the user has trusted one; a connection
     * is refused before logging in while it is absent or differs from the key presented.
     */
    hostKeySha256: z
      .string()
      .regex(
        /^SHA256:[A-Za-z0-9+/]{43}$/,
        'The SSH host key fingerprint must be SHA256: followed by 43 base64 characters',
      )
      .optional(),
  })
  .superRefine((ssh, ctx) => {
    if (ssh.auth === 'key' && !ssh.privateKeyFile) {
      ctx.addIssue({
        code: 'custom',
        path: ['privateKeyFile'],
        message: 'Choose the private key file for SSH key authentication',
      });
    }
  });
export type SshSettings = z.infer<typeof SshSettingsSchema>;

/** How the password is supplied: saved (encrypted), asked at each connect, or none at all. */
export const PasswordModeSchema = z.enum(['saved', 'ask', 'none']);
export type PasswordMode = z.infer<typeof PasswordModeSchema>;

/** What the user edits: a saved connection without its identity, timestamps or secrets. */
export const ConnectionSettingsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is longer than 100 characters'),
  color: ConnectionColorSchema,
  endpoint: EndpointSchema,
  user: z.string().max(255, 'User is longer than 255 characters'),
  passwordMode: PasswordModeSchema,
  defaultSchema: z.string().max(64, 'Schema names have at most 64 characters'),
  tls: TlsSettingsSchema,
  ssh: SshSettingsSchema.nullable(),
  connectTimeoutMs: z
    .number()
    .int()
    .min(1000, 'Connect timeout is at least 1 s')
    .max(300_000, 'Connect timeout is at most 300 s'),
  readOnly: z.boolean(),
  /** Production connections ask for a typed confirmation before anything destructive. */
  production: z.boolean(),
  /** A scratch/test server: tuning may create and drop indexes there, after confirmation. */
  scratch: z.boolean().default(false),
  /** Tuning's background explains of top statements (absent: off). */
  backgroundExplains: BackgroundExplainSettingsSchema.optional(),
  initSql: z.string().max(65_536, 'Session init SQL is longer than 64 KiB'),
});
export type ConnectionSettings = z.infer<typeof ConnectionSettingsSchema>;

/** Which secrets are stored for a connection; the secrets themselves never leave the backend. */
export const StoredSecretsSchema = z.object({
  password: z.boolean(),
  sshPassword: z.boolean(),
  sshPassphrase: z.boolean(),
});
export type StoredSecrets = z.infer<typeof StoredSecretsSchema>;

export const SavedConnectionSchema = ConnectionSettingsSchema.extend({
  id: z.string().min(1).max(64),
  createdAt: z.string(),
  updatedAt: z.string(),
  secrets: StoredSecretsSchema,
});
export type SavedConnection = z.infer<typeof SavedConnectionSchema>;

/**
 * A saved connection this version cannot read: written by a newer Sightline (a colour or SSH
 * method it added, say) or edited by hand. The store keeps it as written and never changes it;
 * it can only be deleted.
 */
export const UnreadableConnectionSchema = z.object({
  /** The entry's id, or a stand-in for this run of the backend when it has none usable. */
  id: z.string().min(1).max(64),
  /** Its name, when it has one. */
  name: z.string().nullable(),
  /** The first field this version could not read, as a dotted path (`color`, `ssh.auth`). */
  field: z.string(),
  /** Why, in the validator's words. */
  reason: z.string(),
});
export type UnreadableConnection = z.infer<typeof UnreadableConnectionSchema>;

/** Secret values; never stored in plaintext, never sent back to a screen. */
export const SecretsSchema = z.object({
  password: z.string().max(4096).optional(),
  sshPassword: z.string().max(4096).optional(),
  sshPassphrase: z.string().max(4096).optional(),
});
export type Secrets = z.infer<typeof SecretsSchema>;

/** A change to stored secrets: a string sets it, null clears it, absent keeps it. */
export const SecretsPatchSchema = z.object({
  password: z.string().max(4096).nullable().optional(),
  sshPassword: z.string().max(4096).nullable().optional(),
  sshPassphrase: z.string().max(4096).nullable().optional(),
});
export type SecretsPatch = z.infer<typeof SecretsPatchSchema>;

/**
 * The TLS mode a new connection starts with: 'required' over the network, so a password never
 * leaves in the clear by default; 'preferred' on a local socket, which is not a network link
 * (and where servers commonly have no TLS).
 */
export function defaultTlsModeFor(endpointKind: Endpoint['kind']): TlsMode {
  return endpointKind === 'socket' ? 'preferred' : 'required';
}

/** The settings a new connection starts with. */
export function defaultConnectionSettings(): ConnectionSettings {
  return {
    name: '',
    color: 'blue',
    endpoint: { kind: 'tcp', host: '127.0.0.1', port: 3306 },
    user: 'root',
    passwordMode: 'saved',
    defaultSchema: '',
    tls: { mode: 'required' },
    ssh: null,
    connectTimeoutMs: 10_000,
    readOnly: false,
    production: false,
    scratch: false,
    initSql: '',
  };
}

/**
 * Where a saved database password may be sent: the same server (host and port, or socket), as
 * the same user, through the same SSH server. Settings that differ in any of these no longer
 * get the saved password; it has to be typed again. (How it must be protected on the way is
 * the other half of the rule: `passwordUnbinding` in secret-unbinding.ts.)
 */
export function samePasswordTarget(a: ConnectionSettings, b: ConnectionSettings): boolean {
  return passwordTargetOf(a) === passwordTargetOf(b);
}

/** Where a saved SSH password may be sent: the same SSH server, as the same SSH user. */
export function sameSshTarget(a: ConnectionSettings, b: ConnectionSettings): boolean {
  return sshTargetOf(a) === sshTargetOf(b);
}

function passwordTargetOf(s: ConnectionSettings): string {
  const e = s.endpoint;
  const where = e.kind === 'tcp' ? ['tcp', e.host.toLowerCase(), e.port] : ['socket', e.path];
  return JSON.stringify([where, s.user, sshTargetOf(s)]);
}

function sshTargetOf(s: ConnectionSettings): string {
  return s.ssh ? JSON.stringify([s.ssh.host.toLowerCase(), s.ssh.port, s.ssh.user]) : '';
}
