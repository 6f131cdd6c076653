import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MethodName, MethodParams, MethodResult } from '../../../src/shared/api/contract';
import type { ApiErrorShape } from '../../../src/shared/api/errors';
import type { ServerMessage } from '../../../src/shared/api/wire';
import { createBackend, type Backend } from '../../../src/main/backend/backend';
import type { Peer } from '../../../src/main/backend/peer';
import type { ResultLimits } from '../../../src/main/services/query-result';
import { openKeyFileSecretBox } from '../../../src/main/store/key-file-secret-box';
import type { LivenessLimits } from '../../../src/main/services/drift/liveness-watch';

export interface BackendUnderTest {
  backend: Backend;
  dataDir: string;
  /** Calls a method as a screen would, resolving with its value or its error shape. */
  call<M extends MethodName>(
    method: M,
    params: MethodParams<M>,
  ): Promise<{ ok: true; value: MethodResult<M> } | { ok: false; error: ApiErrorShape }>;
  /** Every event this peer received, in order. */
  events: Array<{ name: string; payload: unknown }>;
  /** Waits until an event of this name has arrived (10 s at most). */
  nextEvent(name: string): Promise<unknown>;
  /** Closes this peer, as when its window goes away. */
  closePeer(): void;
  dispose(): Promise<void>;
}

/**
 * The real backend, with a real store in a temp folder (or in `dataDir`, which is then left in
 * place), seen through one in-memory peer.
 */
export async function startBackend(
  options: {
    resultLimits?: ResultLimits;
    dataDir?: string;
    driftLiveness?: LivenessLimits;
    driftFixLockWaitSeconds?: number;
    readTimeoutMs?: number;
  } = {},
): Promise<BackendUnderTest> {
  const { dataDir: given, ...rest } = options;
  const dataDir = given ?? (await mkdtemp(path.join(os.tmpdir(), 'sightline-backend-')));
  const backend = await createBackend({
    mode: 'web',
    dataDir,
    secretBox: await openKeyFileSecretBox(path.join(dataDir, 'secret.key')),
    ...rest,
  });
  let receive: (m: unknown) => void = () => {};
  const closeListeners: Array<() => void> = [];
  const waiting = new Map<number, (m: ServerMessage) => void>();
  const events: Array<{ name: string; payload: unknown }> = [];
  const peer: Peer = {
    id: 'test-peer',
    send(m) {
      if (m.t === 'result') waiting.get(m.id)?.(m);
      else if (m.t === 'event') events.push({ name: m.name, payload: m.payload });
    },
    onMessage: (r) => (receive = r),
    onClose: (l) => closeListeners.push(l),
  };
  backend.attach(peer);
  let nextId = 1;
  return {
    backend,
    dataDir,
    events,
    call(method, params) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, (m) => {
          waiting.delete(id);
          if (m.t !== 'result') return;
          resolve(m.ok ? { ok: true, value: m.value as never } : { ok: false, error: m.error });
        });
        receive({ t: 'call', id, method, params });
      });
    },
    async nextEvent(name) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = events.find((e) => e.name === name);
        if (found) return found.payload;
        if (Date.now() > deadline) throw new Error(`no ${name} event within 10 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    closePeer: () => closeListeners.forEach((l) => l()),
    async dispose() {
      await backend.close();
      if (given === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
