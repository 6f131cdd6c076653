import ssh2, {
  type AnyAuthMethod,
  type Client,
  type ClientChannel,
  type ConnectConfig,
  type ParsedKey,
  type SFTPWrapper,
} from 'ssh2';
import type { Endpoint, Secrets, SshSettings } from '../../shared/api/connection';
import { ApiError } from '../../shared/api/errors';
import type { ConnectScope } from './connect-scope';
import type { ConnectTarget } from './connect-target';
import { errorToApi } from './error-to-api';
import { readSettingsFile } from './read-settings-file';
import { checkHostKey } from './ssh-host-key';

// ssh2 is CommonJS; Node's ESM loader does not see all of its named exports, so take the default.
const { Client: SshClient, utils } = ssh2;

/** What ssh2 needs to log in, read and checked before any network traffic. */
export type SshCredentials =
  { kind: 'password'; password: string } | { kind: 'key'; privateKey: ParsedKey };

/**
 * Reads the SSH key (or takes the password) and checks it locally, so that a missing file, a
 * missing passphrase or a wrong passphrase is reported as exactly that, not as a generic SSH
 * failure after a round trip. ssh2 would otherwise throw synchronously from `connect`.
 */
export async function sshCredentialsFor(
  ssh: SshSettings,
  secrets: Secrets,
): Promise<SshCredentials> {
  if (ssh.auth === 'password') {
    if (secrets.sshPassword === undefined) {
      throw new ApiError({
        code: 'PASSWORD_REQUIRED',
        message: `The SSH password for ${ssh.user}@${ssh.host} is needed.`,
        field: 'sshPassword',
      });
    }
    return { kind: 'password', password: secrets.sshPassword };
  }
  const file = ssh.privateKeyFile ?? '';
  const privateKey = await readSettingsFile(file, 'SSH private key', 'ssh.privateKeyFile');
  const passphrase = secrets.sshPassphrase;
  // Decrypting is slow on purpose (bcrypt KDF, ~0.7 s): do it once, and give ssh2 the result.
  const parsed: ParsedKey | ParsedKey[] | Error = utils.parseKey(privateKey, passphrase);
  if (parsed instanceof Error) {
    if (/no passphrase given/i.test(parsed.message)) {
      throw new ApiError({
        code: 'PASSWORD_REQUIRED',
        message: `The SSH private key ${file} is protected by a passphrase; it is needed.`,
        field: 'sshPassphrase',
      });
    }
    if (/bad passphrase|decrypt|integrity check/i.test(parsed.message)) {
      throw new ApiError({
        code: 'SSH_AUTH_FAILED',
        message: `The passphrase for the SSH private key ${file} is wrong.`,
        field: 'sshPassphrase',
      });
    }
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `${file} is not a private key that can be used for SSH (${parsed.message}).`,
      field: 'ssh.privateKeyFile',
    });
  }
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  if (first === undefined) {
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `${file} holds no private key.`,
      field: 'ssh.privateKeyFile',
    });
  }
  return { kind: 'key', privateKey: first };
}

/**
 * An SSH connection used only to reach the database: each `forward` opens one channel to the
 * database endpoint as seen from the SSH host (a TCP forward, or OpenSSH's stream-local forward
 * for a Unix socket), which mysql2 then uses as its stream.
 *
 * The server's host key must be the one saved in the settings (trusted on first use): any
 * other is refused during the key exchange, before the password or private key is used.
 */
export class SshTunnel {
  readonly #client: Client;
  readonly #target: ConnectTarget;
  readonly #closedListeners = new Set<(cause: unknown) => void>();
  /** Set when the SSH connection broke: ssh2's error, or undefined for a plain close. */
  #broken: { cause: unknown } | null = null;
  #closing = false;
  /** The client's socket has closed: nothing left to end. */
  #ended = false;

  private constructor(client: Client, target: ConnectTarget) {
    this.#client = client;
    this.#target = target;
  }

  /** Connects and logs in to the SSH server; everything opened is owned by `scope` until it succeeds. */
  static open(
    ssh: SshSettings,
    credentials: SshCredentials,
    target: ConnectTarget,
    scope: ConnectScope,
  ): Promise<SshTunnel> {
    scope.stage = 'ssh';
    const client = new SshClient();
    const tunnel = new SshTunnel(client, target);
    scope.own(() => client.destroy());
    client.on('close', () => {
      tunnel.#ended = true;
    });
    const config: ConnectConfig = {
      host: ssh.host,
      port: ssh.port,
      username: ssh.user,
      // The scope's deadline times the attempt (and says which step ran out); this is a backstop.
      readyTimeout: scope.remainingMs() + 1000,
      // Notices a dead network under an idle session; ssh2 then emits 'error' and 'close'.
      keepaliveInterval: 15_000,
      keepaliveCountMax: 3,
    };
    // Exactly the methods the settings name, in order; never an agent or a default key.
    const auth: AnyAuthMethod[] =
      credentials.kind === 'password'
        ? [
            { type: 'password', username: ssh.user, password: credentials.password },
            // Some servers take passwords only through keyboard-interactive prompts.
            {
              type: 'keyboard-interactive',
              username: ssh.user,
              prompt: (_name, _instructions, _lang, prompts, finish) =>
                finish(prompts.map(() => credentials.password)),
            },
          ]
        : [{ type: 'publickey', username: ssh.user, key: credentials.privateKey }];
    config.authHandler = auth;
    return new Promise<SshTunnel>((resolve, reject) => {
      let ready = false;
      // ssh2 calls this with the raw key blob (no `hostHash` set) before authentication starts;
      // returning false makes it disconnect, and the 'error' that follows finds this settled.
      config.hostVerifier = (key: Buffer): boolean => {
        const refused = checkHostKey(ssh, key);
        if (refused === null) return true;
        if (!ready) reject(refused);
        return false;
      };
      // Listeners stay for the client's whole life: an 'error' without one would crash Node.
      client.on('error', (err) => {
        if (!ready) reject(errorToApi(err, target, 'ssh'));
        else tunnel.#markClosed(err);
      });
      client.on('close', () => {
        if (!ready) {
          reject(
            new ApiError({
              code: 'SSH_FAILED',
              message: `The SSH server ${target.sshServer ?? ''} closed the connection before login completed.`,
            }),
          );
        } else {
          tunnel.#markClosed(undefined);
        }
      });
      client.on('ready', () => {
        ready = true;
        resolve(tunnel);
      });
      try {
        client.connect(config);
      } catch (err) {
        // ssh2 validates some settings synchronously.
        reject(errorToApi(err, target, 'ssh'));
      }
    });
  }

  /** A channel to the database endpoint, as the SSH host sees it. */
  forward(endpoint: Endpoint, scope: ConnectScope): Promise<ClientChannel> {
    scope.stage = 'ssh';
    return new Promise<ClientChannel>((resolve, reject) => {
      const done = (err: Error | undefined, channel: ClientChannel) => {
        if (err) {
          reject(errorToApi(err, this.#target, 'ssh'));
          return;
        }
        scope.own(() => channel.destroy());
        resolve(channel);
      };
      try {
        if (endpoint.kind === 'tcp') {
          this.#client.forwardOut('127.0.0.1', 0, endpoint.host, endpoint.port, done);
        } else {
          this.#client.openssh_forwardOutStreamLocal(endpoint.path, done);
        }
      } catch (err) {
        // ssh2 throws synchronously when the connection is already gone.
        reject(errorToApi(err, this.#target, 'ssh'));
      }
    });
  }

  /**
   * An SFTP session on the same SSH connection (read files on the SSH host, e.g. the server's
   * slow log); the caller ends it. Refused where the server offers no SFTP subsystem.
   */
  sftp(): Promise<SFTPWrapper> {
    return new Promise<SFTPWrapper>((resolve, reject) => {
      try {
        this.#client.sftp((err, sftp) =>
          err ? reject(errorToApi(err, this.#target, 'ssh')) : resolve(sftp),
        );
      } catch (err) {
        // ssh2 throws synchronously when the connection is already gone.
        reject(errorToApi(err, this.#target, 'ssh'));
      }
    });
  }

  /**
   * Called once when the SSH connection breaks (not when `close` ends it), with ssh2's error,
   * or undefined when the connection simply closed.
   */
  onClosed(cb: (cause: unknown) => void): () => void {
    this.#closedListeners.add(cb);
    return () => this.#closedListeners.delete(cb);
  }

  /** How the SSH connection broke, or null while it is up (or was closed on purpose). */
  get broken(): { cause: unknown } | null {
    return this.#broken;
  }

  /** Ends the SSH connection, politely first; never waits more than a second for a dead peer. */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    const client = this.#client;
    if (this.#ended) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        client.destroy();
        resolve();
      }, 1000);
      client.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      client.end();
    });
  }

  #markClosed(cause: unknown): void {
    if (this.#closing || this.#broken) return;
    this.#broken = { cause };
    for (const cb of [...this.#closedListeners]) cb(cause);
  }
}
