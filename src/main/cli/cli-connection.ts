import {
  ConnectionSettingsSchema,
  defaultConnectionSettings,
  TLS_MODES,
  type ConnectionSettings,
  type Secrets,
  type TlsMode,
  type TlsSettings,
} from '../../shared/api/connection';
import { ApiError } from '../../shared/api/errors';
import { hostPort } from '../../shared/server/host-port';
import { openConnection, type DbConnection } from '../db/open-connection';
import { parseConnectUrl } from './connect-url';

/**
 * The server connection of `lint --connect` and `plan-check --connect`: the URL and the options
 * beside it become the app's own ConnectionSettings, and the session is opened by the app's
 * `openConnection`. So the CLI gets the app's TLS modes and its password refusals: no password
 * goes out on a link without TLS under a key the server hands over.
 */

/** `--tls` and the rest, as given on the command line (absent: not given). */
export interface ConnectOptions {
  tls?: TlsMode;
  tlsCa?: string;
  tlsCert?: string;
  tlsKey?: string;
  serverPublicKey?: string;
  passwordEnv?: string;
}

/**
 * The app's default for a server over the network (`defaultTlsModeFor('tcp')`): TLS or no
 * connection, so neither the password nor the schema crosses the network in the clear.
 */
export const DEFAULT_CLI_TLS_MODE: TlsMode = 'required';

/** Matches one connection option, `--name value` or `--name=value`: [1] the name, [2] the value. */
export const CONNECT_OPTION =
  /^--(tls|tls-ca|tls-cert|tls-key|server-public-key|password-env)(?:=(.*))?$/;

/** The help lines for the connection options, the same in every command that connects. */
export const CONNECT_USAGE = `With --connect:
  --password-env VAR  read the password from the environment variable VAR. A password in the
                      URL works too, but other users of the machine can read the command line
                      (ps, /proc) and CI logs may keep it: a warning says so
  --tls MODE          off, preferred (TLS if the server has it), required (TLS, default),
                      verify-ca or verify-identity (TLS, and the server certificate must chain
                      to --tls-ca; verify-identity also checks it names the host)
  --tls-ca FILE       the CA certificate (PEM) for verify-ca and verify-identity
  --tls-cert FILE     a client certificate (PEM), with --tls-key FILE its private key
  --server-public-key FILE
                      the server's RSA public key (its data directory's public_key.pem), pinned:
                      without TLS, a password is only ever encrypted with this key
Without TLS or a pinned key, a password the server asks for in full (caching_sha2_password,
sha256_password) is not sent: the connection fails instead.
`;

/** Records one connection option; a string says what is wrong with it. */
export function setConnectOption(
  options: ConnectOptions,
  name: string,
  value: string,
): string | undefined {
  if (value === '') return `--${name} needs a value`;
  switch (name) {
    case 'tls':
      if (!(TLS_MODES as readonly string[]).includes(value))
        return `--tls takes ${TLS_MODES.join(', ')}, not "${value}"`;
      options.tls = value as TlsMode;
      return undefined;
    case 'tls-ca':
      options.tlsCa = value;
      return undefined;
    case 'tls-cert':
      options.tlsCert = value;
      return undefined;
    case 'tls-key':
      options.tlsKey = value;
      return undefined;
    case 'server-public-key':
      options.serverPublicKey = value;
      return undefined;
    case 'password-env':
      // The value is not echoed: someone may have typed the password itself here.
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value))
        return '--password-env takes the name of an environment variable (letters, digits, _)';
      options.passwordEnv = value;
      return undefined;
    default:
      return `unknown option "--${name}"`;
  }
}

/** True when any connection option was given (they mean nothing without `--connect`). */
export function hasConnectOptions(options: ConnectOptions): boolean {
  return Object.values(options).some((v) => v !== undefined);
}

/** What `openCliConnection` opens, and what to tell the user before it does. */
export interface CliConnection {
  settings: ConnectionSettings;
  secrets: Secrets;
  database: string;
  /** For standard error, before connecting. */
  warnings: string[];
}

/**
 * The app's connection settings for `--connect URL` and the options beside it; a string says
 * what is wrong (it never holds the password). `env` is where `--password-env` looks; nothing
 * else is read from it (no implicit MYSQL_PWD: a password is used only where the user said).
 */
export function cliConnectionFor(
  url: string,
  options: ConnectOptions,
  env: Readonly<Record<string, string | undefined>>,
): CliConnection | string {
  const parsed = parseConnectUrl(url);
  if (typeof parsed === 'string') return parsed;
  const warnings: string[] = [];
  let password = parsed.password;
  if (options.passwordEnv !== undefined) {
    if (password !== '')
      return 'give the password either in the --connect URL or with --password-env, not both';
    const fromEnv = env[options.passwordEnv];
    if (fromEnv === undefined || fromEnv === '')
      return `--password-env ${options.passwordEnv}: that environment variable is not set or is empty`;
    password = fromEnv;
  } else if (password !== '') {
    warnings.push(
      'the password in the --connect URL can be read by other users of this machine (ps, ' +
        '/proc/PID/cmdline) and may stay in shell history and CI logs; put it in an ' +
        'environment variable and name that with --password-env instead',
    );
  }
  const tls = tlsSettingsFor(options);
  if (typeof tls === 'string') return tls;
  const settings: ConnectionSettings = {
    ...defaultConnectionSettings(),
    name: 'sightline command line',
    endpoint: { kind: 'tcp', host: parsed.host, port: parsed.port },
    user: parsed.user,
    passwordMode: password === '' ? 'none' : 'saved',
    defaultSchema: parsed.database,
    tls,
  };
  // The app's own checks as a backstop (host, port, name lengths).
  const checked = ConnectionSettingsSchema.safeParse(settings);
  if (!checked.success) return `--connect: ${checked.error.issues[0]?.message ?? 'invalid'}`;
  return { settings, secrets: { password }, database: parsed.database, warnings };
}

function tlsSettingsFor(options: ConnectOptions): TlsSettings | string {
  const mode = options.tls ?? DEFAULT_CLI_TLS_MODE;
  const verify = mode === 'verify-ca' || mode === 'verify-identity';
  if (verify && options.tlsCa === undefined)
    return `--tls ${mode} needs --tls-ca FILE: the CA certificate the server's must chain to`;
  if (!verify && options.tlsCa !== undefined)
    return `--tls-ca is used by --tls verify-ca and verify-identity only (${mode} checks no certificate)`;
  if ((options.tlsCert === undefined) !== (options.tlsKey === undefined))
    return '--tls-cert and --tls-key go together: the client certificate and its private key';
  if (mode === 'off' && options.tlsCert !== undefined)
    return '--tls-cert needs TLS: not with --tls off';
  return {
    mode,
    ...(options.tlsCa !== undefined ? { caFile: options.tlsCa } : {}),
    ...(options.tlsCert !== undefined ? { certFile: options.tlsCert } : {}),
    ...(options.tlsKey !== undefined ? { keyFile: options.tlsKey } : {}),
    ...(options.serverPublicKey !== undefined
      ? { serverPublicKeyFile: options.serverPublicKey }
      : {}),
  };
}

/**
 * Opens the session with the app's `openConnection` (TLS, our auth plugins, one timeout). A
 * failure is an Error whose message says, in the command line's terms, what to do.
 */
export async function openCliConnection(connection: CliConnection): Promise<DbConnection> {
  try {
    return await openConnection(connection.settings, connection.secrets);
  } catch (err) {
    throw new Error(connectFailureText(err, connection.settings));
  }
}

/** The app's error words, with the option to change instead of the setting on a screen. */
export function connectFailureText(err: unknown, settings: ConnectionSettings): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const { endpoint } = settings;
  const server = endpoint.kind === 'tcp' ? hostPort(endpoint.host, endpoint.port) : endpoint.path;
  switch (err.code) {
    case 'INSECURE_PASSWORD':
      return (
        `the server ${server} asked for the password itself on a link without TLS, and no ` +
        'public key is pinned for it: the password was not sent (under a key the server hands ' +
        'over, anyone in the middle could read it). Use --tls required (or verify-ca / ' +
        "verify-identity with --tls-ca), or pin the server's public key with " +
        "--server-public-key FILE (the server's data directory's public_key.pem)."
      );
    case 'TLS_FAILED':
      return `${err.message} See --tls.`;
    default:
      return err.message;
  }
}
