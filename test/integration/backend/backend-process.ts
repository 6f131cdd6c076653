import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { MethodName, MethodParams, MethodResult } from '../../../src/shared/api/contract';
import type { ApiErrorShape } from '../../../src/shared/api/errors';
import {
  BackendToSupervisorSchema,
  type SupervisorToBackend,
} from '../../../src/main/backend/relay-protocol';
import { ServerMessageSchema } from '../../../src/shared/api/wire';

const REPO = path.resolve(import.meta.dirname, '../../..');
const ENTRY = path.join(REPO, 'src/main/backend/node-entry.ts');
const CLIENT = 'test-client';

export interface BackendProcess {
  readonly child: ChildProcess;
  call<M extends MethodName>(method: M, params: MethodParams<M>): Promise<MethodResult<M>>;
  /** Called for every event, in order, in the same tick it arrives. */
  onEvent(listener: (name: string, payload: unknown) => void): void;
  /** SIGKILL, and resolves once the process is gone. */
  kill(): Promise<void>;
  output(): string;
}

/**
 * The backend as its own process, exactly as browser mode forks it (node-entry.ts, run from
 * source through tsx), with this test as its supervisor: one client, messages over Node's IPC
 * channel. Unlike the in-process harness, it can be killed.
 */
export async function startBackendProcess(dataDir: string): Promise<BackendProcess> {
  const child = fork(ENTRY, [], {
    cwd: REPO,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SIGHTLINE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting = new Map<number, (ok: boolean, value: unknown) => void>();
  const listeners: Array<(name: string, payload: unknown) => void> = [];
  let ready: () => void = () => {};
  const readyNow = new Promise<void>((resolve) => (ready = resolve));
  child.on('message', (raw) => {
    const parsed = BackendToSupervisorSchema.safeParse(raw);
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.k === 'ready') ready();
    if (msg.k !== 'msg') return;
    const m = ServerMessageSchema.parse(msg.m);
    if (m.t === 'result') {
      waiting.get(m.id)?.(m.ok, m.ok ? m.value : m.error);
      waiting.delete(m.id);
    } else if (m.t === 'event') {
      for (const l of listeners) l(m.name, m.payload);
    }
  });
  const send = (m: SupervisorToBackend) => child.send(m);
  await Promise.race([
    readyNow,
    exited.then(() => {
      throw new Error(`the backend exited before it was ready:\n${output}`);
    }),
  ]);
  send({ k: 'open', c: CLIENT });
  let nextId = 1;
  return {
    child,
    call(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (ok, value) => {
          if (ok) resolve(value as never);
          else {
            const e = value as ApiErrorShape;
            reject(new Error(`${method}: ${e.code} ${e.message}`));
          }
        });
        send({ k: 'msg', c: CLIENT, m: { t: 'call', id, method, params } });
      });
    },
    onEvent: (l) => listeners.push(l),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    output: () => output,
  };
}
