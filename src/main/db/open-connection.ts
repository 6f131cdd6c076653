import { connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  createConnection,
  type AuthPlugin,
  type Connection as CoreConnection,
  type SslOptions,
} from 'mysql2';
import { tlsModePins, type ConnectionSettings, type Secrets } from '../../shared/api/connection';
import { ApiError } from '../../shared/api/errors';
import { ConnectScope, ConnectTimedOut } from './connect-scope';
import { connectTargetOf, type ConnectTarget } from './connect-target';
import { maskSecrets } from '../../shared/sql/mask-secrets';
import { splitStatements } from '../../shared/sql/split-statements';
import { DbConnection } from './db-connection';
import { connectTimeoutError, errorToApi, serverErrorText } from './error-to-api';
import { passwordAuth } from './password-auth';
import { readSessionLexing } from './session-lexing';
import { refuseLocalFile, SESSION_FLAGS } from './session-flags';
import { sshCredentialsFor, SshTunnel } from './ssh-tunnel';
import { checkTlsCert, presentedCert, type PresentedCert } from './tls-cert-pin';
import { serverPublicKeyFor, tlsOptionsFor } from './tls-options';
import { untagged } from './tagged-connection';

export { DbConnection } from './db-connection';

/**
 * Opens one session to a MySQL/MariaDB server, as the settings say: directly or through an SSH
 * tunnel, with the TLS mode asked for, then runs the session init SQL.
 *
 * The whole attempt (SSH, TCP, TLS, login, init SQL) shares one `connectTimeoutMs`; whatever
 * fails, nothing is left open and the error is an ApiError in plain words.
 */
export async function openConnection(
  settings: ConnectionSettings,
  secrets: Secrets,
): Promise<DbConnection> {
  const target = connectTargetOf(settings);
  // Local checks first: a missing password or unreadable file needs no network round trip.
  const password = passwordFor(settings, secrets);
  const ssl = await tlsOptionsFor(settings.tls);
  const pinnedKey = await serverPublicKeyFor(settings.tls);
  const sshCredentials = settings.ssh ? await sshCredentialsFor(settings.ssh, secrets) : null;

  const scope = new ConnectScope(settings.connectTimeoutMs);
  try {
    const tunnel =
      settings.ssh && sshCredentials
        ? await scope.race(SshTunnel.open(settings.ssh, sshCredentials, target, scope))
        : null;
    const login = async (withTls: SslOptions | undefined) => {
      // The TLS link's certificate, once mysql2 has one; checked against a pin right after the
      // TLS handshake (nothing of the login sent yet) and again before a password goes out.
      const peer = new TlsPeer(settings, target.server);
      const auth = passwordAuth({
        password,
        // mysql2 fails the handshake when TLS was asked for and could not be set up, so a
        // login attempt with `ssl` runs inside TLS. A local socket is no network link (the
        // mysql client also sends the password in the clear there); through SSH the socket is
        // local to the SSH server, and the SSH link to it is encrypted.
        secureLink: withTls !== undefined || settings.endpoint.kind === 'socket',
        pinnedKey,
        trustServerKey: settings.tls.getServerPublicKey === true,
        server: target.server,
        ...(withTls ? { linkRefusal: () => peer.refusal() } : {}),
      });
      try {
        const db = await scope.race(
          logIn(settings, password, withTls, auth.plugins, tunnel, target, scope, peer),
        );
        // Once more after the login, before any statement: whatever path the login took.
        const refused = withTls ? peer.refusal() : null;
        if (refused) {
          db.abandon();
          throw refused;
        }
        const cert = withTls ? peer.cert() : null;
        if (cert) db.tlsCert = { sha256: cert.sha256, pinned: peer.pinned() };
        return db;
      } catch (err) {
        throw peer.refused ?? auth.refusal() ?? err;
      }
    };
    let db: DbConnection;
    try {
      db = await login(ssl);
    } catch (err) {
      // 'preferred' means TLS when the server has it. mysql2 can only fail in that case, so try
      // again in the clear (a new stream: the first one is closed by the failed handshake).
      if (settings.tls.mode !== 'preferred' || !isNoTlsSupport(err)) throw err;
      // A pinned certificate says this server had TLS: its absence now may be a downgrade.
      const downgrade = checkTlsCert(settings.tls, target.server, null);
      if (downgrade) throw downgrade;
      db = await login(undefined);
    }
    // The server's own default collation for utf8mb4 (MySQL 8+ utf8mb4_0900_ai_ci, MariaDB
    // 10.x utf8mb4_general_ci, 11.x its character_set_collations), as a client asking for
    // utf8mb4 gets: the collation mysql2 has to name in the handshake (one for every server)
    // decides how literals compare (`'a' = 'a '` is 0 in the mysql client, 1 under
    // utf8mb4_unicode_ci) and is stored with every routine, view and trigger created here.
    await scope.race(db.conn.query('SET NAMES utf8mb4'));
    await runInitSql(db, settings.initSql, target, scope);
    scope.succeed();
    return db;
  } catch (err) {
    scope.fail();
    if (err instanceof ConnectTimedOut) throw connectTimeoutError(target, err.stage);
    throw errorToApi(err, target);
  }
}

/**
 * 'none' logs in without a password; 'ask' must have been given one for this connect; 'saved'
 * without a stored password tries an empty one (and the server's 1045 says what is wrong).
 */
function passwordFor(settings: ConnectionSettings, secrets: Secrets): string {
  if (settings.passwordMode === 'none') return '';
  if (secrets.password !== undefined) return secrets.password;
  if (settings.passwordMode === 'ask') {
    throw new ApiError({
      code: 'PASSWORD_REQUIRED',
      message: `The password for ${settings.user === '' ? 'this connection' : `user '${settings.user}'`} is needed.`,
      field: 'password',
    });
  }
  return '';
}

/**
 * The server certificate of one login attempt's TLS link, and its check against the pin. The
 * check runs as soon as mysql2 has finished the TLS handshake, before it sends the login
 * packet: a machine in the middle gets neither a password nor a scramble it could relay.
 */
class TlsPeer {
  #core: CoreConnection | null = null;
  /** Set when the check refused the link. */
  refused: ApiError | null = null;

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly server: string,
  ) {}

  /** Watches `core`'s TLS upgrade, failing the handshake when the certificate is refused. */
  watch(core: CoreConnection): void {
    this.#core = core;
    const upgradable = core as unknown as { startTLS?: (onSecure: (err?: Error) => void) => void };
    // mysql2's own step from the SSL request to the login packet. Were it ever renamed, the
    // checks before a password and after the login still hold; the fake-server integration
    // test (nothing sent inside TLS to a wrong certificate) is what notices.
    const startTls = upgradable.startTLS;
    if (typeof startTls !== 'function') return;
    upgradable.startTLS = (onSecure) =>
      startTls.call(core, (err?: Error) => {
        if (err) return onSecure(err);
        const refused = this.refusal();
        // mysql2 reports it as a TLS error; the caller throws `refused` instead.
        onSecure(refused ? new Error(refused.message) : undefined);
      });
  }

  cert(): PresentedCert | null {
    return presentedCert((this.#core as unknown as { stream?: Duplex } | null)?.stream);
  }

  /** The refusal for the certificate now on the link, remembered; null when it may be used. */
  refusal(): ApiError | null {
    this.refused ??= checkTlsCert(this.settings.tls, this.server, this.cert());
    return this.refused;
  }

  /** True when the link's certificate matched a pin (checked, so not trusted blindly). */
  pinned(): boolean {
    const { tls } = this.settings;
    return (
      tlsModePins(tls.mode) &&
      tls.serverCertSha256 !== undefined &&
      tls.serverCertSha256 === this.cert()?.sha256
    );
  }
}

function isNoTlsSupport(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: unknown }).code === 'HANDSHAKE_NO_SSL_SUPPORT'
  );
}

/** One stream, one mysql2 handshake (TLS and login included). */
async function logIn(
  settings: ConnectionSettings,
  password: string,
  ssl: SslOptions | undefined,
  authPlugins: Record<string, AuthPlugin>,
  tunnel: SshTunnel | null,
  target: ConnectTarget,
  scope: ConnectScope,
  peer: TlsPeer,
): Promise<DbConnection> {
  const { endpoint } = settings;
  const stream: Duplex = tunnel
    ? await tunnel.forward(endpoint, scope)
    : openSocket(settings, scope);
  const host = endpoint.kind === 'tcp' ? endpoint.host : 'localhost';
  nameTlsPeer(stream, host);
  watchStages(stream, tunnel === null && endpoint.kind === 'tcp', scope);
  // The stream is handed over in the same tick it was made or received, so mysql2's listeners
  // are on it before any event can arrive.
  const core = createConnection({
    stream,
    host,
    ...(endpoint.kind === 'tcp' ? { port: endpoint.port } : {}),
    user: settings.user,
    password,
    ...(settings.defaultSchema !== '' ? { database: settings.defaultSchema } : {}),
    ...(ssl ? { ssl } : {}),
    // Never mysql2's own: those encrypt the password with any key a server hands over.
    authPlugins,
    // Our scope times the whole attempt; mysql2's own timer is only a backstop behind it.
    connectTimeout: scope.remainingMs() + 1000,
    // Never: a multi-statement session lets one "statement" hide another that the read-only
    // checks did not see. Init SQL is split on our side instead (runInitSql).
    multipleStatements: false,
    // A session as the mysql client's: no IGNORE_SPACE in sql_mode, affected rows counted as
    // changed rows, no local files.
    flags: SESSION_FLAGS,
    infileStreamFactory: refuseLocalFile,
    // Exact values: BIGINT and DECIMAL as strings, dates as the server's text.
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    charset: 'UTF8MB4_UNICODE_CI',
  });
  peer.watch(core);
  const db = new DbConnection(core, stream, tunnel, target);
  scope.own(() => db.abandon());
  try {
    await db.connected();
  } catch (err) {
    db.abandon();
    throw err;
  }
  return db;
}

/** A socket of our own (not mysql2's), so it can be named for TLS and destroyed for certain. */
function openSocket(settings: ConnectionSettings, scope: ConnectScope): Socket {
  const { endpoint } = settings;
  const socket =
    endpoint.kind === 'tcp'
      ? netConnect({ host: endpoint.host, port: endpoint.port })
      : netConnect({ path: endpoint.path });
  scope.own(() => socket.destroy());
  // Packets go out at once (the protocol is request/response), and a dead peer under an idle
  // session is noticed by the OS keep-alive rather than never.
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 30_000);
  return socket;
}

/**
 * Node checks a server certificate against `servername`, which mysql2 sets only for host names
 * (an IP address can't be an SNI name); otherwise Node falls back to the socket's `_host`, and
 * failing that to 'localhost'. For an IP address, or any host reached through an SSH channel,
 * that fallback would check the wrong name, so `_host` is set to the host the user asked for.
 */
function nameTlsPeer(stream: Duplex, host: string): void {
  (stream as Duplex & { _host?: string })._host = host;
}

/** Follows the attempt through TCP connect and the server's greeting, so a timeout can say which. */
function watchStages(stream: Duplex, tcp: boolean, scope: ConnectScope): void {
  scope.stage = tcp ? 'tcp' : 'greeting';
  if (tcp) {
    stream.once('connect', () => {
      if (scope.stage === 'tcp') scope.stage = 'greeting';
    });
  }
  stream.once('data', () => {
    scope.stage = 'login';
  });
}

/**
 * Runs the user's session init SQL one statement at a time, split by the project's splitter with
 * the session's own lexing: the session never takes several statements in one query, so no
 * statement sent later can carry a second one the read-only checks did not see. After a
 * statement that names sql_mode, the rest is split again with the new mode (it can move where
 * strings end). A failure names the statement that failed.
 */
async function runInitSql(
  db: DbConnection,
  initSql: string,
  target: ConnectTarget,
  scope: ConnectScope,
): Promise<void> {
  if (initSql.trim() === '') return;
  scope.stage = 'init';
  let offset = 0;
  let number = 0;
  let statements = splitStatements(initSql, await scope.race(readSessionLexing(db.conn)));
  for (let statement = statements.shift(); statement; statement = statements.shift()) {
    number++;
    try {
      await scope.race(untagged(db.conn).query(statement.text));
    } catch (err) {
      if (err instanceof ConnectTimedOut) throw err;
      throw initStatementFailed(
        err,
        target,
        initSql,
        offset + statement.start,
        statement.text,
        number,
      );
    }
    if (/sql_mode/i.test(statement.text)) {
      offset += statement.end;
      statements = splitStatements(
        initSql.slice(offset),
        await scope.race(readSessionLexing(db.conn)),
      );
    }
  }
}

/** "Session init SQL failed at statement 2 (line 3: SELEC 1): <the server's words>." */
function initStatementFailed(
  err: unknown,
  target: ConnectTarget,
  initSql: string,
  start: number,
  text: string,
  number: number,
): ApiError {
  const mapped = errorToApi(err, target);
  const serverText = serverErrorText(err);
  if (mapped.code !== 'SERVER_ERROR' || serverText === undefined) return mapped;
  const line = initSql.slice(0, start).split('\n').length;
  // Masked: init SQL may set a password, and error messages end up in logs and screens.
  const flat = maskSecrets(text).replace(/\s+/g, ' ');
  const shown = flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
  return new ApiError({
    ...mapped.toShape(),
    message: `Session init SQL failed at statement ${number} (line ${line}: ${shown}): ${serverText}.`,
  });
}
