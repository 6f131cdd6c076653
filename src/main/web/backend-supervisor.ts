import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { DownloadHandover } from '../export/download-offer';
import { BackendToSupervisorSchema, type SupervisorToBackend } from '../backend/relay-protocol';

export interface SupervisorEvents {
  /** A message for browser client `c`. */
  message: [client: string, message: unknown];
  /** A finished export for the browser to download once (see DownloadStore). */
  download: [handover: DownloadHandover];
  /** The backend died (`down`) or is serving (`up`). */
  state: [state: 'up' | 'down', reason?: string];
}

/**
 * Keeps the browser-mode backend process running: database work happens there, not in the
 * process holding the sockets, so a crash there is reported to the screens and recovered from.
 */
export class BackendSupervisor extends EventEmitter<SupervisorEvents> {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarts: number[] = [];
  private ready = false;
  private readonly clients = new Set<string>();

  constructor(
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    super();
  }

  /** Starts the backend and resolves when it serves, or rejects with its start-up error. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = fork(this.entry, [], {
        env: this.env,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      });
      this.child = child;
      this.ready = false;
      child.on('message', (raw) => {
        const parsed = BackendToSupervisorSchema.safeParse(raw);
        if (!parsed.success) return;
        const msg = parsed.data;
        if (msg.k === 'ready') {
          this.ready = true;
          for (const c of this.clients) this.post({ k: 'open', c });
          this.emit('state', 'up');
          resolve();
        } else if (msg.k === 'fatal') {
          reject(new Error(msg.message));
        } else if (msg.k === 'download') {
          const { k: _k, c, ...rest } = msg;
          this.emit('download', { client: c, ...rest });
        } else {
          this.emit('message', msg.c, msg.m);
        }
      });
      child.on('exit', (code, signal) => {
        if (this.child !== child) return;
        this.child = null;
        const wasReady = this.ready;
        this.ready = false;
        if (!wasReady) {
          reject(new Error(`The backend exited during start-up (code ${code}, signal ${signal})`));
          return;
        }
        if (this.stopping) return;
        const reason = `The backend process stopped (${signal ?? `exit code ${code}`}); restarting it.`;
        console.error(`[web] ${reason}`);
        this.emit('state', 'down', reason);
        this.restartSoon();
      });
    });
  }

  /** Restarts with a growing delay when it keeps dying, so a crash loop does not spin. */
  private restartSoon(): void {
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < 60_000);
    this.restarts.push(now);
    const delay = Math.min(200 * 2 ** (this.restarts.length - 1), 10_000);
    setTimeout(() => {
      if (this.stopping) return;
      this.start().catch((e: unknown) => {
        console.error(`[web] backend restart failed: ${e instanceof Error ? e.message : e}`);
        if (!this.stopping) this.restartSoon();
      });
    }, delay);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isUp(): boolean {
    return this.ready;
  }

  private post(message: SupervisorToBackend): void {
    if (this.child?.connected) this.child.send(message);
  }

  openClient(c: string): void {
    this.clients.add(c);
    if (this.ready) this.post({ k: 'open', c });
  }

  sendFromClient(c: string, m: unknown): boolean {
    if (!this.ready) return false;
    this.post({ k: 'msg', c, m });
    return true;
  }

  closeClient(c: string): void {
    this.clients.delete(c);
    if (this.ready) this.post({ k: 'close', c });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.disconnect();
    });
  }
}
