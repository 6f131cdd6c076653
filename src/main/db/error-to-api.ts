import { ApiError, type ErrorCode } from '../../shared/api/errors';
import type { ConnectTarget } from './connect-target';

/**
 * Turns whatever mysql2, ssh2, net or tls threw into an ApiError in plain words. Screens branch
 * on the code; people read the message, so it names the user's own settings (host, port, user,
 * CA file, SSH host) and keeps the server's error number and SQLSTATE. It never carries a stack
 * trace, and never a password: messages are built from known fields, not from whole objects.
 */

/** Which layer an error came from: the same `ECONNREFUSED` means different things in each. */
export type ErrorLayer = 'db' | 'ssh';

/** The fields the drivers put on their errors; every one optional, all read defensively. */
interface ErrorFields {
  message: string;
  code: string | undefined;
  errno: number | undefined;
  sqlState: string | undefined;
  sqlMessage: string | undefined;
  /** ssh2: 'client-socket', 'client-timeout', 'client-authentication', 'protocol', ... */
  level: string | undefined;
  /** ssh2 channel-open failures: the SSH_OPEN_* reason number. */
  reason: unknown;
  /** Node's ERR_TLS_CERT_ALTNAME_INVALID: the name checked and the peer certificate. */
  host: string | undefined;
  cert: unknown;
  hostname: string | undefined;
}

export function errorToApi(
  err: unknown,
  target?: ConnectTarget,
  layer: ErrorLayer = 'db',
): ApiError {
  if (err instanceof ApiError) return err;
  const e = fieldsOf(err);
  if (layer === 'ssh' || isSsh2Error(e)) return sshError(e, target);
  if (e.errno !== undefined && e.sqlMessage !== undefined) return serverError(e, target);
  return clientError(e, target);
}

/** The wording used when a link that was working breaks; always CONNECTION_LOST. */
export function lostError(err: unknown, target?: ConnectTarget): ApiError {
  const mapped = errorToApi(err, target);
  if (mapped.code === 'CONNECTION_LOST') return mapped;
  const where = target ? ` to ${target.server}` : '';
  return build('CONNECTION_LOST', `The connection${where} was lost: ${mapped.message}`, mapped);
}

/** The database link broke because its SSH tunnel did; `cause` is ssh2's error, if it gave one. */
export function tunnelLostError(cause: unknown, target: ConnectTarget): ApiError {
  const why =
    cause === undefined
      ? 'the SSH connection was closed'
      : `the SSH connection failed (${fieldsOf(cause).message})`;
  const ssh = target.sshServer !== undefined ? ` (SSH server ${target.sshServer})` : '';
  return new ApiError({
    code: 'CONNECTION_LOST',
    message: `The connection to ${target.server} was lost: ${why}${ssh}.`,
  });
}

/** Where a connect attempt was when its time ran out. */
export type ConnectStage = 'ssh' | 'tcp' | 'greeting' | 'login' | 'init';

export function connectTimeoutError(target: ConnectTarget, stage: ConnectStage): ApiError {
  const during: Record<ConnectStage, string> = {
    ssh: `while connecting to the SSH server ${target.sshServer ?? ''}`.trimEnd(),
    tcp: 'while opening the network connection (no answer from the host)',
    greeting: 'the server accepted the connection but never sent its greeting',
    login: 'during the TLS handshake and login',
    init: 'while running the session init SQL',
  };
  return new ApiError({
    code: 'TIMEOUT',
    message:
      `Connecting to ${target.server} timed out after ${seconds(target.timeoutMs)}: ` +
      `${during[stage]}.`,
  });
}

// ---------------------------------------------------------------------------------------------

function fieldsOf(err: unknown): ErrorFields {
  const o: Record<string, unknown> = typeof err === 'object' && err !== null ? { ...err } : {};
  // `message` lives on Error.prototype's instance slot, which spread does not always copy.
  const message =
    err instanceof Error ? err.message : typeof err === 'string' ? err : 'Unknown error';
  return {
    message: firstLine(message),
    code: str(o.code),
    errno: typeof o.errno === 'number' ? o.errno : undefined,
    sqlState: str(o.sqlState),
    sqlMessage: str(o.sqlMessage),
    level: str(o.level),
    reason: o.reason,
    host: str(o.host),
    cert: o.cert,
    hostname: str(o.hostname),
  };
}

const SSH2_LEVELS = new Set([
  'client-socket',
  'client-timeout',
  'client-authentication',
  'client-dns',
  'protocol',
  'handshake',
]);

function isSsh2Error(e: ErrorFields): boolean {
  return e.level !== undefined && SSH2_LEVELS.has(e.level);
}

/** RFC 4254 channel-open failure reasons: not allowed here; could not connect to the target. */
const SSH_OPEN_ADMINISTRATIVELY_PROHIBITED = 1;
const SSH_OPEN_CONNECT_FAILED = 2;

function sshError(e: ErrorFields, target: ConnectTarget | undefined): ApiError {
  const ssh = target?.sshServer ?? 'the SSH server';
  if (e.level === 'client-authentication') {
    const user = target?.sshUser !== undefined ? ` user '${target.sshUser}'` : '';
    return build(
      'SSH_AUTH_FAILED',
      `The SSH server ${ssh} rejected${user}: the key or password was not accepted.`,
    );
  }
  if (e.level === 'client-timeout' || e.code === 'ETIMEDOUT') {
    const within = target ? ` within ${seconds(target.timeoutMs)}` : '';
    return build('TIMEOUT', `The SSH server ${ssh} did not answer${within}.`);
  }
  if (typeof e.reason === 'number' || /channel open failure/i.test(e.message)) {
    // The SSH server is fine but could not, or would not, reach the database for us.
    const what = e.message.replace(/^\(SSH\)\s*/, '').replace(/^Channel open failure:\s*/i, '');
    const db = target?.server ?? 'the database server';
    // SSH_OPEN_CONNECT_FAILED: the tunnel works, the database is what is missing; say so with
    // the same codes as a direct connection, so screens need not care about the tunnel.
    if (e.reason === SSH_OPEN_CONNECT_FAILED && /refused/i.test(what)) {
      return build(
        'CONNECTION_REFUSED',
        `Nothing is listening on ${db} (connection refused, as seen from the SSH server ${ssh}).`,
      );
    }
    if (e.reason === SSH_OPEN_ADMINISTRATIVELY_PROHIBITED) {
      return build(
        'SSH_FAILED',
        `The SSH server ${ssh} does not allow forwarding to ${db} (administratively prohibited: ${what}).`,
      );
    }
    if (
      e.reason === SSH_OPEN_CONNECT_FAILED &&
      /not known|no address|name resolution/i.test(what)
    ) {
      return build(
        'HOST_NOT_FOUND',
        `The host name '${target?.host ?? '?'}' could not be found by the SSH server ${ssh}.`,
      );
    }
    return build(
      'SSH_FAILED',
      `The SSH server ${ssh} could not open a connection to ${db}: ${what}.`,
    );
  }
  switch (e.code) {
    case 'ECONNREFUSED':
      return build(
        'SSH_FAILED',
        `Nothing is listening on the SSH server ${ssh} (connection refused).`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return build(
        'SSH_FAILED',
        `The SSH server's host name '${target?.sshHost ?? e.hostname ?? '?'}' could not be found.`,
      );
    case 'ECONNRESET':
    case 'EPIPE':
      return build('SSH_FAILED', `The SSH server ${ssh} closed the connection unexpectedly.`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return build('SSH_FAILED', `The SSH server ${ssh} cannot be reached (no route to host).`);
  }
  return build('SSH_FAILED', `SSH connection to ${ssh} failed: ${e.message}`);
}

/**
 * `Unknown column 'x' in 'field list' (1054, SQLSTATE 42S22)` for an error the server sent, or
 * undefined for any other error. For callers that prefix it with what they were doing.
 */
export function serverErrorText(err: unknown): string | undefined {
  const e = fieldsOf(err);
  if (e.errno === undefined || e.sqlMessage === undefined) return undefined;
  return `${e.sqlMessage} ${serverTag(e)}`;
}

/** `(1054, SQLSTATE 42S22)`; errors sent before the handshake (1040 ...) carry no SQLSTATE. */
function serverTag(e: ErrorFields): string {
  const sqlState = e.sqlState !== undefined && e.sqlState !== '' ? e.sqlState : undefined;
  return sqlState !== undefined ? `(${e.errno ?? 0}, SQLSTATE ${sqlState})` : `(${e.errno ?? 0})`;
}

/** Errors the server sent: an error number and message always, a SQLSTATE almost always. */
function serverError(e: ErrorFields, target: ConnectTarget | undefined): ApiError {
  const errno = e.errno ?? 0;
  const text = e.sqlMessage ?? e.message;
  const sqlState = e.sqlState !== undefined && e.sqlState !== '' ? e.sqlState : undefined;
  const tag = serverTag(e);
  const withCodes = (code: ErrorCode, message: string): ApiError =>
    new ApiError({
      code,
      message,
      serverCode: errno,
      ...(sqlState !== undefined ? { sqlState } : {}),
    });
  switch (errno) {
    case 1045: {
      const user = target ? `user '${target.user}'` : userFromAccessDenied(text);
      // The server says whether a password came with the login: without one, "wrong password"
      // sends the user looking at the wrong setting.
      if (/\(using password: NO\)/.test(text)) {
        return withCodes(
          'AUTH_FAILED',
          `The server rejected ${user} — no password was sent (none is set or saved for this connection), or the user may not connect from this host (1045).`,
        );
      }
      return withCodes(
        'AUTH_FAILED',
        `The server rejected ${user} — wrong password, or the user may not connect from this host (1045).`,
      );
    }
    case 1049: {
      const db = /Unknown database '(.*)'/.exec(text)?.[1];
      const hint =
        db !== undefined && db === target?.defaultSchema
          ? ' Check the default schema in the connection settings.'
          : '';
      return withCodes(
        'SERVER_ERROR',
        `The database ${db !== undefined ? `'${db}' ` : ''}does not exist on the server (1049).${hint}`,
      );
    }
    case 3159:
      return withCodes(
        'TLS_FAILED',
        `The server requires TLS (require_secure_transport) but this connection does not use it ${tag}.`,
      );
  }
  if (Object.values(SESSION_ENDED_NAMES).includes(errno)) {
    return withCodes('CONNECTION_LOST', `The server ended the session: ${text} ${tag}.`);
  }
  return withCodes('SERVER_ERROR', `The server reported an error: ${text} ${tag}.`);
}

/**
 * Server errors that end the session rather than a statement. mysql2 reports one that arrives
 * while no command is running by its name only (no errno), hence both forms.
 */
const SESSION_ENDED_NAMES: Record<string, number> = {
  ER_SERVER_SHUTDOWN: 1053,
  ER_CONNECTION_KILLED: 1927, // MariaDB
  ER_CLIENT_INTERACTION_TIMEOUT: 4031, // MySQL closing an idle session (wait_timeout)
};

/** Errors raised on our side: network, DNS, TLS, and mysql2's own protocol codes. */
function clientError(e: ErrorFields, target: ConnectTarget | undefined): ApiError {
  const server = target?.server ?? 'the server';
  // mysql2 has client-side error numbers without SQLSTATE for a lost server.
  if (e.errno === 2006 || e.errno === 2013) {
    return build('CONNECTION_LOST', `The connection to ${server} was lost (${e.errno}).`);
  }
  if (
    e.code === 'HANDSHAKE_SSL_ERROR' ||
    isTlsCode(e.code) ||
    e.code === 'HANDSHAKE_NO_SSL_SUPPORT'
  ) {
    return tlsError(e, target);
  }
  switch (e.code) {
    case 'ENOTFOUND':
      return build(
        'HOST_NOT_FOUND',
        `The host name '${target?.host ?? e.hostname ?? '?'}' could not be found (DNS lookup failed).`,
      );
    case 'EAI_AGAIN':
      return build(
        'HOST_NOT_FOUND',
        `The host name '${target?.host ?? e.hostname ?? '?'}' could not be looked up right now ` +
          '(temporary DNS failure).',
      );
    case 'ECONNREFUSED': {
      // A Unix socket has no port, and a file that is not a socket is refused the same way.
      const socket = target !== undefined && target.host === undefined;
      return build(
        'CONNECTION_REFUSED',
        `Nothing is listening on ${server} (connection refused). Is the server running, and is ` +
          `${socket ? 'this path its socket file' : 'the port right'}?`,
      );
    }
    case 'ENOENT':
      return build('CONNECTION_REFUSED', `There is no server ${server} (no such file).`);
    case 'EACCES':
      return build('CONNECTION_REFUSED', `Permission denied opening ${server}.`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return build(
        'CONNECTION_REFUSED',
        `${theServer(target)} cannot be reached (no route to host).`,
      );
    case 'ETIMEDOUT': {
      const within = target ? ` within ${seconds(target.timeoutMs)} (the connect timeout)` : '';
      return build('TIMEOUT', `No answer from ${server}${within}.`);
    }
    case 'PROTOCOL_CONNECTION_LOST':
      return build(
        'CONNECTION_LOST',
        `The connection to ${server} was lost: the server closed it.`,
      );
    case 'ECONNRESET':
      return build('CONNECTION_LOST', `The connection to ${server} was reset.`);
    case 'EPIPE':
      return build('CONNECTION_LOST', `The connection to ${server} was closed while sending.`);
    case 'PROTOCOL_SEQUENCE_TIMEOUT':
      return build('TIMEOUT', `${theServer(target)} did not answer in time.`);
  }
  if (e.code !== undefined && e.code.startsWith('ER_')) {
    const serverCode = SESSION_ENDED_NAMES[e.code];
    return serverCode !== undefined
      ? new ApiError({
          code: 'CONNECTION_LOST',
          message: `The server ended the session: ${e.message} (${serverCode}).`,
          serverCode,
        })
      : build('SERVER_ERROR', `The server reported an error: ${e.message} (${e.code}).`);
  }
  const refusedPlugin = authPluginRefusal(e, target);
  if (refusedPlugin) return refusedPlugin;
  switch (e.code) {
    case 'AUTH_SWITCH_PLUGIN_ERROR':
    case 'AUTH_SWITCH_PLUGIN_NOT_FOUND':
      return build('AUTH_FAILED', `Logging in to ${server} failed: ${e.message}`);
  }
  return build('INTERNAL', `Unexpected error talking to ${server}: ${e.message}`);
}

/**
 * A login the server wanted with a plugin we do not speak (MariaDB's client_ed25519, parsec,
 * dialog/PAM, GSSAPI) or with mysql_clear_password, which we never use. mysql2's own words
 * name its options (`enableCleartextPlugin`, `authPlugins`) and a "TODO" placeholder, which
 * mean nothing to a user; these say which plugin, for whom, and that nothing secret went out.
 */
function authPluginRefusal(e: ErrorFields, target: ConnectTarget | undefined): ApiError | null {
  const server = target?.server ?? 'the server';
  const who = target !== undefined ? `user '${target.user}'` : 'the user';
  if (e.code === 'MYSQL_CLEAR_PASSWORD_NOT_ENABLED') {
    return build(
      'AUTH_FAILED',
      `The server ${server} asked for the password of ${who} in clear text (mysql_clear_password, ` +
        'as LDAP and PAM accounts use). Sightline never sends a password that way, so it was ' +
        'not sent. Log in as an account that uses caching_sha2_password or ' +
        'mysql_native_password.',
    );
  }
  // The name is the server's to choose: only a plain one is repeated in our words.
  const unknown = /unknown plugin ([\w.-]{1,64}?)\.?(?:\s|$)/.exec(e.message)?.[1];
  if (e.code === 'AUTH_SWITCH_PLUGIN_ERROR' && unknown !== undefined) {
    return build(
      'AUTH_FAILED',
      `The server ${server} asked ${who} to log in with the authentication plugin ` +
        `'${unknown}', which Sightline does not support; nothing secret was sent. Sightline ` +
        'logs in with caching_sha2_password, sha256_password and mysql_native_password ' +
        'accounts.',
    );
  }
  return null;
}

/** The OpenSSL verification codes Node surfaces, plus its own TLS error codes. */
function isTlsCode(code: string | undefined): boolean {
  if (code === undefined) return false;
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY|DECRYPT|DECODE)/.test(code)
  );
}

function tlsError(e: ErrorFields, target: ConnectTarget | undefined): ApiError {
  const server = target?.server ?? 'the server';
  if (e.code === 'HANDSHAKE_NO_SSL_SUPPORT') {
    const mode = target ? ` (TLS mode '${target.tlsMode}')` : '';
    return build(
      'TLS_FAILED',
      `${theServer(target)} does not support TLS but the connection requires it${mode}.`,
    );
  }
  const msg = e.message;
  // Node's identity check: ERR_TLS_CERT_ALTNAME_INVALID keeps `host` and `cert` even after
  // mysql2 overwrites `code` with HANDSHAKE_SSL_ERROR.
  if (
    /does not match certificate's altnames/i.test(msg) ||
    e.code === 'ERR_TLS_CERT_ALTNAME_INVALID'
  ) {
    const names = certNames(e.cert);
    const checked = e.host ?? target?.host ?? '?';
    return build(
      'TLS_FAILED',
      `The server certificate is for ${names ?? 'another name'}, not ${checked} ` +
        `(TLS mode '${target?.tlsMode ?? 'verify-identity'}' checks the host name).`,
    );
  }
  if (
    /self[- ]signed|unable to (get|verify)|certificate signature failure|unable to decrypt/i.test(
      msg,
    )
  ) {
    const reason = `(${msg})`;
    return build(
      'TLS_FAILED',
      target?.caFile !== undefined
        ? `The server certificate is not signed by the CA in ${target.caFile} ${reason}.`
        : `The server certificate could not be verified ${reason}.`,
    );
  }
  if (/certificate has expired/i.test(msg)) {
    return build('TLS_FAILED', `The server certificate has expired (${msg}).`);
  }
  if (/certificate is not yet valid/i.test(msg)) {
    return build('TLS_FAILED', `The server certificate is not valid yet (${msg}).`);
  }
  if (/socket disconnected before secure TLS|ECONNRESET|socket hang up/i.test(msg)) {
    return build(
      'TLS_FAILED',
      `${theServer(target)} closed the connection during the TLS handshake.`,
    );
  }
  return build('TLS_FAILED', `The TLS handshake with ${server} failed: ${msg}`);
}

/** `localhost, 127.0.0.1` from a peer certificate's subjectAltName, else its CN. */
function certNames(cert: unknown): string | undefined {
  if (typeof cert !== 'object' || cert === null) return undefined;
  const c = cert as { subjectaltname?: unknown; subject?: { CN?: unknown } };
  if (typeof c.subjectaltname === 'string' && c.subjectaltname.trim() !== '') {
    return c.subjectaltname
      .split(',')
      .map((part) => part.trim().replace(/^(DNS|IP Address):/, ''))
      .join(', ');
  }
  const cn = c.subject?.CN;
  if (typeof cn === 'string') return cn;
  if (Array.isArray(cn)) return cn.filter((x) => typeof x === 'string').join(', ');
  return undefined;
}

function userFromAccessDenied(text: string): string {
  const m = /for user ('[^']*'@'[^']*')/.exec(text);
  return m?.[1] !== undefined ? `user ${m[1]}` : 'the user';
}

function build(code: ErrorCode, message: string, from?: ApiError): ApiError {
  return new ApiError({
    code,
    message,
    ...(from?.serverCode !== undefined ? { serverCode: from.serverCode } : {}),
    ...(from?.sqlState !== undefined ? { sqlState: from.sqlState } : {}),
  });
}

function str(x: unknown): string | undefined {
  return typeof x === 'string' ? x : undefined;
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}

/** "The server db:3306" to start a sentence with. */
function theServer(target: ConnectTarget | undefined): string {
  return target ? `The server ${target.server}` : 'The server';
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
