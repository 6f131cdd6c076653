import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../servers/free-port';
import { trackServer } from '../../servers/process-registry';

const run = promisify(execFile);

/** A real OpenSSH server on a loopback port, with keys made for the test. */
export interface SshServer {
  host: '127.0.0.1';
  port: number;
  /** The user the keys are authorised for: the user running the tests (root here). */
  user: string;
  /** ed25519, passphrase-protected, authorised. */
  clientKey: string;
  passphrase: string;
  /** ed25519 without passphrase, authorised with `restrict` (no port forwarding). */
  restrictedKey: string;
  /** ed25519 without passphrase, not authorised. */
  unknownKey: string;
  /** The server's ed25519 host key (private; the public half is `${hostKey}.pub`). */
  hostKey: string;
  /** The host key's fingerprint as `ssh-keygen -lf` prints it: `SHA256:...`. */
  hostKeySha256: string;
  /** Everything sshd (and its per-connection processes) logged so far, at LogLevel DEBUG1. */
  log(): string;
  /** Ends every session the server has open (its per-connection processes), keeps listening. */
  dropSessions(): Promise<void>;
  stop(): Promise<void>;
}

const SSHD = '/usr/sbin/sshd';
const PASSPHRASE = 'pass';

/**
 * Starts `/usr/sbin/sshd -D -e -f <temp config>` with its own host key, listening on
 * 127.0.0.1 only, key authentication only for root (PermitRootLogin prohibit-password).
 * `port` reuses a port (e.g. one a stopped server had: a new host key at the same address, as
 * a man in the middle would present); by default a free one is picked. `authorize` adds
 * public key lines to authorized_keys (e.g. another server's client key).
 */
export async function startSshd(
  options: { port?: number; authorize?: string[] } = {},
): Promise<SshServer> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-sshd-'));
  // sshd insists on its privilege-separation directory, compiled in as /run/sshd, even when
  // run from a test; Debian's package creates it only when the service starts.
  await mkdir('/run/sshd', { recursive: true, mode: 0o755 });
  const key = async (name: string, passphrase: string) => {
    await run('ssh-keygen', [
      '-q',
      '-t',
      'ed25519',
      '-N',
      passphrase,
      '-C',
      name,
      '-f',
      join(dir, name),
    ]);
    return join(dir, name);
  };
  const hostKey = await key('host_key', '');
  const hostKeySha256 = await sshKeygenFingerprint(`${hostKey}.pub`);
  const clientKey = await key('client_key', PASSPHRASE);
  const restrictedKey = await key('restricted_key', '');
  const unknownKey = await key('unknown_key', '');
  const pub = (path: string) => readFile(`${path}.pub`, 'utf8');
  await writeFile(
    join(dir, 'authorized_keys'),
    `${await pub(clientKey)}restrict ${await pub(restrictedKey)}` +
      (options.authorize ?? []).map((line) => `${line.trim()}\n`).join(''),
    { mode: 0o600 },
  );

  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = options.port ?? (await freePort());
    const config = join(dir, 'sshd_config');
    await writeFile(
      config,
      [
        `Port ${port}`,
        'ListenAddress 127.0.0.1',
        `HostKey ${hostKey}`,
        'PermitRootLogin prohibit-password',
        `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
        'StrictModes no',
        `PidFile ${join(dir, 'sshd.pid')}`,
        'UsePAM no',
        'PasswordAuthentication yes',
        'KbdInteractiveAuthentication no',
        'AllowTcpForwarding yes',
        'AllowStreamLocalForwarding yes',
        // For reading files on the SSH host (the slow log over the tunnel); in-process, no binary.
        'Subsystem sftp internal-sftp',
        // DEBUG1 logs each user-auth request, so tests can show that none was made.
        'LogLevel DEBUG1',
        '',
      ].join('\n'),
    );
    const child = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    // Read for the server's whole life: a full pipe would block sshd.
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const untrack = trackServer({
      pid: () => (child.exitCode === null ? child.pid : undefined),
      removeDir: dir,
    });
    try {
      await waitForListening(child);
    } catch (error) {
      lastError = error as Error;
      untrack();
      continue;
    }
    const stop = async () => {
      await killDescendants(child.pid);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      untrack();
      await rm(dir, { recursive: true, force: true });
    };
    return {
      host: '127.0.0.1',
      port,
      user: userInfo().username,
      clientKey,
      passphrase: PASSPHRASE,
      restrictedKey,
      unknownKey,
      hostKey,
      hostKeySha256,
      log: () => log,
      dropSessions: () => killDescendants(child.pid),
      stop,
    };
  }
  await rm(dir, { recursive: true, force: true });
  throw lastError ?? new Error('sshd did not start');
}

/** The `SHA256:...` fingerprint `ssh-keygen -lf` prints for a public key file. */
export async function sshKeygenFingerprint(publicKeyFile: string): Promise<string> {
  const { stdout } = await run('ssh-keygen', ['-l', '-E', 'sha256', '-f', publicKeyFile]);
  // `256 SHA256:... comment (ED25519)`
  const fingerprint = stdout.split(' ')[1];
  if (fingerprint === undefined || !fingerprint.startsWith('SHA256:')) {
    throw new Error(`unexpected ssh-keygen -lf output: ${stdout}`);
  }
  return fingerprint;
}

/** Resolves when sshd logs that it listens; rejects if it exits first (e.g. port taken). */
function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sshd did not start listening within 10 s:\n${log}`));
    }, 10_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (/Server listening on 127\.0\.0\.1/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sshd exited with ${code}:\n${log}`));
    });
  });
}

/**
 * sshd forks one process per connection, in a session of its own, so signalling the listener
 * (or its process group) leaves open sessions running. Kill the listener's descendants by pid,
 * found through /proc.
 */
async function killDescendants(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // the process ended while we looked
    }
  }
  const descendants: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      descendants.push(c);
      walk(c);
    }
  };
  walk(pid);
  for (const d of descendants) {
    try {
      process.kill(d, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  // Wait until they are really gone, so the client sees its connection closed.
  const deadline = Date.now() + 5000;
  while (
    descendants.some((d) => existsSync(`/proc/${d}`) && !isZombie(d)) &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
