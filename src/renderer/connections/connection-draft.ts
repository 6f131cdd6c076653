import {
  ConnectionSettingsSchema,
  defaultConnectionSettings,
  defaultTlsModeFor,
  type ConnectionColor,
  type ConnectionSettings,
  type PasswordMode,
  type SavedConnection,
  type SecretsPatch,
  type TlsMode,
} from '../../shared/api/connection';
import {
  passwordUnbinding,
  sshPasswordUnbinding,
  unbindingWords,
  type BoundSecret,
  type SecretUnbinding,
} from '../../shared/api/secret-unbinding';

/** The connection dialog's form state: text as typed, so nothing the user entered is lost. */
export interface ConnectionDraft {
  name: string;
  color: ConnectionColor;
  production: boolean;
  readOnly: boolean;
  scratch: boolean;
  endpointKind: 'tcp' | 'socket';
  host: string;
  port: string;
  socketPath: string;
  user: string;
  passwordMode: PasswordMode;
  password: string;
  defaultSchema: string;
  tlsMode: TlsMode;
  caFile: string;
  certFile: string;
  keyFile: string;
  /** The pinned server public key (PEM file), used when the link has no TLS. */
  serverPublicKeyFile: string;
  /** The explicit, warned opt-in to encrypt the password with the key the server sends. */
  getServerPublicKey: boolean;
  /** The server's pinned TLS certificate fingerprint (`SHA256:...`), or '' when none is. */
  tlsCertSha256: string;
  /**
   * The server (`host:port`, or the socket path) that certificate was pinned for: like the SSH
   * host key, it only applies while the draft points at that server.
   */
  tlsCertFor: string;
  sshEnabled: boolean;
  sshHost: string;
  sshPort: string;
  sshUser: string;
  sshAuth: 'password' | 'key';
  sshKeyFile: string;
  sshPassword: string;
  sshPassphrase: string;
  /** The SSH server's trusted host key fingerprint (`SHA256:...`), or '' when none is. */
  sshHostKeySha256: string;
  /**
   * The SSH `host:port` that key was trusted for. A key is only sent for that server: when the
   * SSH host or port is edited, the new server's key is asked about instead of reported as a
   * changed (possibly attacked) key; editing them back restores it.
   */
  sshHostKeyFor: string;
  timeoutSeconds: string;
  initSql: string;
}

export type DraftField = keyof ConnectionDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

/** A form filled from saved settings (or the defaults for a new connection). */
export function draftFromSettings(
  s: ConnectionSettings = defaultConnectionSettings(),
): ConnectionDraft {
  return {
    name: s.name,
    color: s.color,
    production: s.production,
    readOnly: s.readOnly,
    scratch: s.scratch,
    endpointKind: s.endpoint.kind,
    host: s.endpoint.kind === 'tcp' ? s.endpoint.host : '127.0.0.1',
    port: s.endpoint.kind === 'tcp' ? String(s.endpoint.port) : '3306',
    socketPath: s.endpoint.kind === 'socket' ? s.endpoint.path : '',
    user: s.user,
    passwordMode: s.passwordMode,
    password: '',
    defaultSchema: s.defaultSchema,
    tlsMode: s.tls.mode,
    caFile: s.tls.caFile ?? '',
    certFile: s.tls.certFile ?? '',
    keyFile: s.tls.keyFile ?? '',
    serverPublicKeyFile: s.tls.serverPublicKeyFile ?? '',
    getServerPublicKey: s.tls.getServerPublicKey ?? false,
    tlsCertSha256: s.tls.serverCertSha256 ?? '',
    tlsCertFor: s.tls.serverCertSha256 !== undefined ? endpointTarget(s.endpoint) : '',
    sshEnabled: s.ssh !== null,
    sshHost: s.ssh?.host ?? '',
    sshPort: String(s.ssh?.port ?? 22),
    sshUser: s.ssh?.user ?? '',
    sshAuth: s.ssh?.auth ?? 'key',
    sshKeyFile: s.ssh?.privateKeyFile ?? '',
    sshPassword: '',
    sshPassphrase: '',
    sshHostKeySha256: s.ssh?.hostKeySha256 ?? '',
    sshHostKeyFor: s.ssh ? sshTarget(s.ssh.host, String(s.ssh.port)) : '',
    timeoutSeconds: String(s.connectTimeoutMs / 1000),
    initSql: s.initSql,
  };
}

/** The server an endpoint names, in one string: `host:port` or the socket path. */
function endpointTarget(e: ConnectionSettings['endpoint']): string {
  return e.kind === 'tcp' ? `${e.host.trim()}:${e.port}` : e.path.trim();
}

/** The server the draft points at, as `host:port` or the socket path. */
export function draftServerTarget(d: ConnectionDraft): string {
  return d.endpointKind === 'tcp' ? `${d.host.trim()}:${typedNumber(d.port)}` : d.socketPath.trim();
}

/** The pinned TLS certificate that applies to the draft's server, or undefined. */
export function draftTlsCert(d: ConnectionDraft): string | undefined {
  const pin = optional(d.tlsCertSha256);
  return pin !== undefined && d.tlsCertFor === draftServerTarget(d) ? pin : undefined;
}

/**
 * The draft pinning `fingerprint` as its server's TLS certificate, or forgetting the pin when
 * it is undefined (a server that no longer offers TLS).
 */
export function draftPinningTlsCert(
  d: ConnectionDraft,
  fingerprint: string | undefined,
): ConnectionDraft {
  return fingerprint === undefined
    ? { ...d, tlsCertSha256: '', tlsCertFor: '' }
    : { ...d, tlsCertSha256: fingerprint, tlsCertFor: draftServerTarget(d) };
}

/** `host:port` of an SSH server as typed, the same however it was spaced. */
function sshTarget(host: string, port: string): string {
  return `${host.trim()}:${typedNumber(port)}`;
}

/** The SSH server the draft points at, as `host:port`. */
export function draftSshTarget(d: ConnectionDraft): string {
  return sshTarget(d.sshHost, d.sshPort);
}

/** The trusted host key that applies to the draft's SSH server, or undefined. */
export function draftHostKey(d: ConnectionDraft): string | undefined {
  const key = optional(d.sshHostKeySha256);
  return key !== undefined && d.sshHostKeyFor === draftSshTarget(d) ? key : undefined;
}

/** The draft trusting `fingerprint` as the host key of the SSH server at `host`:`port`. */
export function draftTrustingHostKey(
  d: ConnectionDraft,
  key: { host: string; port: number; fingerprint: string },
): ConnectionDraft {
  return {
    ...d,
    sshHostKeySha256: key.fingerprint,
    sshHostKeyFor: sshTarget(key.host, String(key.port)),
  };
}

function optional(text: string): string | undefined {
  return text.trim() === '' ? undefined : text.trim();
}

/** A number typed in a field; NaN (reported as an error) when it is not one. */
function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

const FIELD_BY_PATH: Record<string, DraftField> = {
  name: 'name',
  color: 'color',
  'endpoint.host': 'host',
  'endpoint.port': 'port',
  'endpoint.path': 'socketPath',
  user: 'user',
  defaultSchema: 'defaultSchema',
  'tls.mode': 'tlsMode',
  'tls.caFile': 'caFile',
  'tls.certFile': 'certFile',
  'tls.keyFile': 'keyFile',
  'tls.serverPublicKeyFile': 'serverPublicKeyFile',
  'tls.serverCertSha256': 'tlsCertSha256',
  'ssh.host': 'sshHost',
  'ssh.port': 'sshPort',
  'ssh.user': 'sshUser',
  'ssh.privateKeyFile': 'sshKeyFile',
  'ssh.hostKeySha256': 'sshHostKeySha256',
  connectTimeoutMs: 'timeoutSeconds',
  initSql: 'initSql',
};

/** The field of the form that a request path (as the backend reports it) refers to. */
export function draftFieldOf(path: string): DraftField | undefined {
  return FIELD_BY_PATH[path.replace(/^settings\./, '')];
}

/** Checks the form with the same schema the backend uses; errors name the form's fields. */
export function settingsFromDraft(
  d: ConnectionDraft,
): { ok: true; settings: ConnectionSettings } | { ok: false; errors: DraftErrors } {
  const timeout = typedNumber(d.timeoutSeconds);
  const candidate = {
    name: d.name,
    color: d.color,
    endpoint:
      d.endpointKind === 'tcp'
        ? { kind: 'tcp', host: d.host, port: typedNumber(d.port) }
        : { kind: 'socket', path: d.socketPath },
    user: d.user,
    passwordMode: d.passwordMode,
    defaultSchema: d.defaultSchema.trim(),
    tls: {
      mode: d.tlsMode,
      caFile: optional(d.caFile),
      certFile: optional(d.certFile),
      keyFile: optional(d.keyFile),
      serverPublicKeyFile: optional(d.serverPublicKeyFile),
      getServerPublicKey: d.getServerPublicKey ? true : undefined,
      serverCertSha256: draftTlsCert(d),
    },
    ssh: d.sshEnabled
      ? {
          host: d.sshHost,
          port: typedNumber(d.sshPort),
          user: d.sshUser,
          auth: d.sshAuth,
          privateKeyFile: d.sshAuth === 'key' ? optional(d.sshKeyFile) : undefined,
          hostKeySha256: draftHostKey(d),
        }
      : null,
    connectTimeoutMs: Number.isFinite(timeout) ? Math.round(timeout * 1000) : Number.NaN,
    readOnly: d.readOnly,
    production: d.production,
    scratch: d.scratch,
    initSql: d.initSql,
  };
  const parsed = ConnectionSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = draftFieldOf(issue.path.join('.')) ?? 'name';
    if (errors[field]) continue;
    errors[field] =
      issue.code === 'invalid_type' && issue.expected === 'number'
        ? 'Must be a number'
        : field === 'timeoutSeconds'
          ? issue.message.replace(/(\d+)000 ms/, '$1 s')
          : issue.message;
  }
  return { ok: false, errors };
}

/**
 * The secrets to send with a save or test: typed values set, a saved one is kept when its field
 * is left empty, and switching away from a saved password clears it.
 */
export function secretsPatchFromDraft(d: ConnectionDraft): SecretsPatch {
  const patch: SecretsPatch = {};
  if (d.passwordMode !== 'saved') patch.password = null;
  else if (d.password !== '') patch.password = d.password;
  if (!d.sshEnabled) {
    patch.sshPassword = null;
    patch.sshPassphrase = null;
  } else if (d.sshAuth === 'password') {
    patch.sshPassphrase = null;
    if (d.sshPassword !== '') patch.sshPassword = d.sshPassword;
  } else {
    patch.sshPassword = null;
    if (d.sshPassphrase !== '') patch.sshPassphrase = d.sshPassphrase;
  }
  return patch;
}

/**
 * The draft with the endpoint kind switched; a new connection's TLS mode follows the default
 * for that kind unless the user chose one ('required' over TCP, 'preferred' on a socket).
 */
export function draftWithEndpointKind(
  d: ConnectionDraft,
  kind: ConnectionDraft['endpointKind'],
  isNew: boolean,
): ConnectionDraft {
  const next = { ...d, endpointKind: kind };
  if (isNew && d.tlsMode === defaultTlsModeFor(d.endpointKind))
    next.tlsMode = defaultTlsModeFor(kind);
  return next;
}

/**
 * Why the backend will not send a connection's saved password with the draft (it aims it
 * elsewhere, or protects it less: see secret-unbinding.ts), as the sentence the password field
 * shows; null when it will, or when a new password was typed or none is used.
 */
export function draftSavedPasswordUnbound(
  d: ConnectionDraft,
  existing: SavedConnection | null,
): string | null {
  if (!existing?.secrets.password || d.passwordMode !== 'saved' || d.password !== '') return null;
  const now = settingsFromDraft(d);
  if (!now.ok) return null;
  const why = passwordUnbinding(settingsOf(existing), now.settings);
  return why && retypeSentence('password', why);
}

/** The same for the saved SSH password, when the draft logs in to SSH by password. */
export function draftSavedSshPasswordUnbound(
  d: ConnectionDraft,
  existing: SavedConnection | null,
): string | null {
  if (!existing?.secrets.sshPassword || !d.sshEnabled || d.sshAuth !== 'password') return null;
  if (d.sshPassword !== '') return null;
  const now = settingsFromDraft(d);
  if (!now.ok) return null;
  const why = sshPasswordUnbinding(settingsOf(existing), now.settings);
  return why && retypeSentence('sshPassword', why);
}

function retypeSentence(secret: BoundSecret, why: SecretUnbinding): string {
  const { boundTo, change } = unbindingWords(secret, why);
  const what = secret === 'password' ? 'password' : 'SSH password';
  return `The saved ${what} is ${boundTo}: this connection's ${change}, so type it again.`;
}

/** The draft without secrets, as kept (draft-store) so a crash never loses typed settings. */
export function draftWithoutSecrets(d: ConnectionDraft): ConnectionDraft {
  return { ...d, password: '', sshPassword: '', sshPassphrase: '' };
}

/** The settings part of a saved connection. */
export function settingsOf(c: SavedConnection): ConnectionSettings {
  const { id: _id, createdAt: _c, updatedAt: _u, secrets: _s, ...settings } = c;
  return settings;
}
