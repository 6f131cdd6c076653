import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataDir } from './data-dir-template';
import { DaemonProcess } from './daemon-process';
import { freePort } from './free-port';
import { logTails } from './log-tail';
import { startOrphanWatchdog, type OrphanWatchdog } from './orphan-watchdog';
import { trackServer } from './process-registry';
import { formatDuration, logProgress } from './progress-log';
import { provisionServer } from './provision';
import { disconnectReplicas } from './replication';
import { serverArgs } from './server-args';
import { waitUntilStopped } from './stopped-process';
import type { ServerInstallation } from './server-installation';
import { KIND_NAMES, type ServerKind } from './server-kind';
import { serverLayout, type ServerLayout } from './server-layout';
import { waitUntilReady } from './wait-until-ready';

export interface StartServerOptions {
  /** `server_id`; default 1. Servers that replicate from each other need distinct ids. */
  serverId?: number;
  /** MySQL GTID mode (gtid_mode=ON, enforce_gtid_consistency=ON); default true. MariaDB always has GTIDs. */
  gtid?: boolean;
  /** More daemon options, applied last so they override the defaults. */
  extraArgs?: string[];
  /** Shown in progress lines and in the temp directory's name, e.g. `replica-1`. */
  name?: string;
  /**
   * A persistent work directory (the sandbox): reused when it already holds a data directory,
   * never removed. Default: a fresh directory under the OS temp dir, removed by `destroy()`.
   */
  workDir?: string;
  /** The port to listen on; default: a free one. A given port is used as is (start fails if taken). */
  port?: number;
  /** How long to wait for the server to accept connections; default 60 s. */
  startTimeoutMs?: number;
}

/** A server started by this package, on 127.0.0.1, with root and no password. */
export interface RunningServer {
  readonly kind: ServerKind;
  /** `SELECT VERSION()`, e.g. `9.7.4-2` or `10.11.19-MariaDB-0+deb12u1`. */
  readonly version: string;
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly socket: string;
  readonly user: 'root';
  readonly password: '';
  readonly serverId: number;
  readonly name: string;
  readonly dataDir: string;
  /** Holds the data directory, socket, logs; removed by `destroy()` unless persistent. */
  readonly workDir: string;
  readonly errorLog: string;
  readonly installation: ServerInstallation;
  /** Whether the daemon process is currently running. */
  readonly running: boolean;
  /** Clean shutdown (SIGTERM), SIGKILL if it takes longer than `timeoutMs` (default 30 s). */
  stop(timeoutMs?: number): Promise<void>;
  /** Starts it again on the same port and data directory (after `stop` or `kill`). */
  start(): Promise<void>;
  /** SIGKILL, like a crash; resolves once the process is gone. */
  kill(): Promise<void>;
  /**
   * SIGSTOP: the server is frozen, as on a stalled disk or behind a network cut. Its sockets stay
   * open and the kernel still accepts connections, but nothing answers until `resume`.
   */
  pause(): void;
  /** SIGCONT after `pause`. */
  resume(): void;
  /** `stop`, then remove the work directory (unless persistent). Idempotent. */
  destroy(): Promise<void>;
}

/**
 * Starts a server of `kind` on a loopback port: provisions its binaries if needed, creates a
 * data directory from the cached template (or reuses a persistent one), starts the daemon with
 * binlog and GTIDs on and waits until root can log in over TCP. The server is registered for
 * clean-up at process exit, so a failing test never leaks one, but tests should `destroy()` what
 * they start.
 */
export async function startServer(
  kind: ServerKind,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const installation = await provisionServer(kind);
  const name = options.name ?? kind;
  const persistent = options.workDir !== undefined;
  const workDir =
    options.workDir ??
    (await mkdtemp(
      join(tmpdir(), `sightline-${safeName(name === kind ? kind : `${kind}-${name}`)}-`),
    ));
  await mkdir(workDir, { recursive: true });
  const server = new LocalServer(
    installation,
    serverLayout(workDir, tmpdir()),
    name,
    persistent,
    options,
  );
  try {
    if (!existsSync(server.dataDir)) await createDataDir(installation, server.dataDir);
    await server.firstStart(options.port);
    return server;
  } catch (error) {
    await server.destroy();
    throw error;
  }
}

// Both flavors print this when the port is taken.
const PORT_TAKEN = /Address already in use/i;
const PORT_ATTEMPTS = 5;

class LocalServer implements RunningServer {
  readonly host = '127.0.0.1';
  readonly user = 'root';
  readonly password = '';
  readonly serverId: number;
  version = '';
  port = 0;
  private daemon: DaemonProcess | null = null;
  private readonly watchdog: OrphanWatchdog;
  private readonly untrack: () => void;
  private destroyed = false;

  constructor(
    readonly installation: ServerInstallation,
    private readonly layout: ServerLayout,
    readonly name: string,
    private readonly persistent: boolean,
    private readonly options: StartServerOptions,
  ) {
    this.serverId = options.serverId ?? 1;
    const removeDir = persistent ? null : layout.workDir;
    this.untrack = trackServer({
      pid: () => (this.daemon?.running ? this.daemon.pid : undefined),
      removeDir,
    });
    this.watchdog = startOrphanWatchdog({
      pidFile: layout.spawnedPidFile,
      marker: layout.dataDir,
      removeDir,
    });
  }

  get kind(): ServerKind {
    return this.installation.kind;
  }
  get socket(): string {
    return this.layout.socket;
  }
  get dataDir(): string {
    return this.layout.dataDir;
  }
  get workDir(): string {
    return this.layout.workDir;
  }
  get errorLog(): string {
    return this.layout.errorLog;
  }
  get running(): boolean {
    return this.daemon?.running ?? false;
  }

  /** The first start picks a port, and picks again if another process took it meanwhile. */
  async firstStart(fixedPort: number | undefined): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.port = fixedPort ?? (await freePort());
      const logOffset = fileSize(this.layout.errorLog);
      try {
        await this.launch();
        return;
      } catch (error) {
        const portTaken = PORT_TAKEN.test(textAppendedSince(this.layout.errorLog, logOffset));
        if (fixedPort !== undefined || !portTaken || attempt >= PORT_ATTEMPTS) throw error;
        logProgress(`${this.label}: port ${this.port} was taken meanwhile; trying another`);
      }
    }
  }

  async start(): Promise<void> {
    if (this.destroyed) throw new Error(`${this.label} was destroyed`);
    if (this.running) return;
    await this.launch();
  }

  async stop(timeoutMs?: number): Promise<void> {
    if (!this.daemon?.running) return;
    if (this.installation.program === 'mysql')
      await disconnectReplicas(this).catch(() => undefined);
    await this.daemon.stop(timeoutMs);
  }

  async kill(): Promise<void> {
    await this.daemon?.kill();
  }

  pause(): void {
    if (!this.daemon?.running) throw new Error(`${this.label} is not running`);
    process.kill(this.daemon.pid, 'SIGSTOP');
    waitUntilStopped(this.daemon.pid);
  }

  resume(): void {
    if (this.daemon?.running) process.kill(this.daemon.pid, 'SIGCONT');
  }

  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    await this.stop();
    if (!this.persistent)
      await rm(this.layout.workDir, { recursive: true, force: true, maxRetries: 3 });
    this.watchdog.dismiss();
    this.untrack();
  }

  private get label(): string {
    return this.name === this.kind
      ? KIND_NAMES[this.kind]
      : `${KIND_NAMES[this.kind]} (${this.name})`;
  }

  private async launch(): Promise<void> {
    const started = performance.now();
    // A killed server leaves its socket (and MySQL's socket lock) behind.
    for (const stale of [this.layout.socket, `${this.layout.socket}.lock`])
      await rm(stale, { force: true });
    const args = serverArgs(this.installation, this.layout, {
      port: this.port,
      serverId: this.serverId,
      gtid: this.options.gtid ?? true,
      extraArgs: this.options.extraArgs ?? [],
    });
    const daemon = DaemonProcess.spawn(args, this.layout);
    this.daemon = daemon;
    try {
      this.version = await waitUntilReady({ host: this.host, port: this.port }, daemon, {
        timeoutMs: this.options.startTimeoutMs ?? 60_000,
        describe: () =>
          `${this.label} on 127.0.0.1:${this.port}, data directory ${this.dataDir}\n` +
          `command: ${args.join(' ')}\n${logTails([this.layout.errorLog, this.layout.consoleLog])}`,
      });
    } catch (error) {
      await daemon.kill();
      throw error;
    }
    logProgress(
      `${this.label} ${this.version} ready on 127.0.0.1:${this.port} (${formatDuration(performance.now() - started)})`,
    );
  }
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-');
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function textAppendedSince(path: string, offset: number): string {
  try {
    return readFileSync(path).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}
