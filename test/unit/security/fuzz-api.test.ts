// Throws random payloads at every method of the contract through the real router and backend
// (a real store in a temp folder; no database server is needed, since random ids never name a
// saved connection) and checks that the backend never crashes and never leaks internals.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createBackend, type Backend } from '../../../src/main/backend/backend';
import type { Handlers } from '../../../src/main/backend/handlers';
import type { Peer } from '../../../src/main/backend/peer';
import { dispatch } from '../../../src/main/backend/router';
import { openKeyFileSecretBox } from '../../../src/main/store/key-file-secret-box';
import { contract, type MethodName } from '../../../src/shared/api/contract';
import { ERROR_CODES, ApiErrorShapeSchema } from '../../../src/shared/api/errors';
import { ServerMessageSchema, type ServerMessage } from '../../../src/shared/api/wire';
import { failOnUnhandledErrors } from '../../integration/db/no-unhandled-errors';

failOnUnhandledErrors();

const REPO = path.resolve(import.meta.dirname, '../../..');
const RUNS_PER_METHOD = Number(process.env.SIGHTLINE_FUZZ_RUNS ?? 300);
/** fast-check's seed; a failure prints the seed and path that replay it. */
const SEED = process.env.SIGHTLINE_FUZZ_SEED ? Number(process.env.SIGHTLINE_FUZZ_SEED) : undefined;

let backend: Backend;
let dataDir = '';
let deliver: (raw: unknown) => void = () => {};
const waiting = new Map<number, (m: ServerMessage) => void>();
let nextId = 1;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-fuzz-'));
  backend = await createBackend({
    mode: 'web',
    dataDir,
    secretBox: await openKeyFileSecretBox(path.join(dataDir, 'secret.key')),
  });
  const peer: Peer = {
    id: 'fuzz',
    send(m) {
      // Every message the backend sends must be a valid wire message.
      ServerMessageSchema.parse(m);
      if (m.t === 'result') waiting.get(m.id)?.(m);
    },
    onMessage: (r) => (deliver = r),
    onClose: () => {},
  };
  backend.attach(peer);
  // Expected refusals are logged by the router; thousands of them would drown the output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterAll(async () => {
  vi.restoreAllMocks();
  await backend?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sends one raw message; resolves with the reply, or null when none came (dropped). */
function send(raw: unknown, id: number | null): Promise<ServerMessage | null> {
  return new Promise((resolve) => {
    if (id === null) {
      deliver(raw);
      // A dropped message has no reply: give the router a moment to prove it sends none.
      setTimeout(() => resolve(null), 0);
      return;
    }
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, 30_000);
    waiting.set(id, (m) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(m);
    });
    deliver(raw);
  });
}

const STACK_FRAME = /\n\s*at\s|\bat\s+\S+\s+\(|\bat\s+(file|node):/;
const SOURCE_PATH =
  /\b(src|node_modules|dist|out)\/[\w/.-]+\.(ts|tsx|js|cjs|mjs)\b|\.(ts|js|mjs|cjs):\d+/;

/** The error reply a screen would show: a known code, and nothing about our internals. */
function expectCleanError(error: unknown, context: string): void {
  const shape = ApiErrorShapeSchema.strict().parse(error);
  expect(ERROR_CODES, context).toContain(shape.code);
  // INTERNAL means a handler threw something nobody anticipated: a bug a payload revealed.
  expect(shape.code, `${context}: ${shape.message}`).not.toBe('INTERNAL');
  const text = JSON.stringify(shape);
  expect(text, context).not.toMatch(STACK_FRAME);
  expect(text, context).not.toMatch(SOURCE_PATH);
  expect(text, context).not.toContain(REPO);
  expect(text, context).not.toContain(dataDir);
}

/** Field names of a method's params, so payloads get past the first check now and then. */
function fieldsOf(schema: z.ZodType): string[] {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** Nasty values: wrong types, boundaries, paths, prototype keys, huge and odd strings. */
const nasty = fc.oneof(
  fc.anything({ withBigInt: false, withMap: false, withSet: false, withTypedArray: false }),
  fc.constantFrom(
    '',
    '../../../../etc/passwd',
    '/etc/shadow',
    'C:\\Windows\\system32',
    '__proto__',
    'constructor',
    '\u0000',
    '\ud800',
    "'; DROP TABLE t; --",
    -1,
    0,
    2 ** 53,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    true,
    [],
    {},
  ),
  fc.string({ maxLength: 70 }),
  fc.integer(),
  fc.double(),
);

function payloadFor(method: MethodName): fc.Arbitrary<unknown> {
  const fields = fieldsOf(contract[method].params);
  const shaped =
    fields.length === 0
      ? fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 })
      : fc.record(Object.fromEntries(fields.map((f) => [f, nasty])), { requiredKeys: [] });
  return fc.oneof(shaped, nasty, fc.constant(undefined), fc.object({ maxDepth: 2 }));
}

describe('fuzzing every API method through the real backend', () => {
  const methods = Object.keys(contract) as MethodName[];

  it('covers the whole contract', () => {
    expect(methods.length).toBeGreaterThan(20);
  });

  it.each(methods)(
    '%s: random payloads get a clean reply',
    async (method) => {
      let calls = 0;
      await fc.assert(
        fc.asyncProperty(payloadFor(method), async (params) => {
          const id = nextId++;
          calls++;
          const reply = await send({ t: 'call', id, method, params }, id);
          const context = `${method}(${JSON.stringify(params)?.slice(0, 200)})`;
          expect(reply, context).not.toBeNull();
          if (reply?.t !== 'result') throw new Error(`${context}: not a result`);
          expect(reply.id).toBe(id);
          if (!reply.ok) expectCleanError(reply.error, context);
        }),
        { numRuns: RUNS_PER_METHOD, seed: SEED, endOnFailure: true },
      );
      expect(calls).toBeGreaterThanOrEqual(RUNS_PER_METHOD);
    },
    120_000,
  );

  it('malformed wire messages are dropped or refused, never crash it', async () => {
    const envelope = fc.oneof(
      fc.anything(),
      fc.record({
        t: fc.oneof(fc.constant('call'), fc.string({ maxLength: 5 }), nasty),
        id: fc.oneof(fc.nat(), fc.integer({ min: -5, max: -1 }), fc.double(), fc.string(), nasty),
        method: fc.oneof(
          fc.constantFrom(...methods, '__proto__', 'constructor', 'toString', 'hasOwnProperty'),
          fc.string({ maxLength: 200 }),
          nasty,
        ),
        params: nasty,
      }),
    );
    await fc.assert(
      fc.asyncProperty(envelope, async (raw) => {
        const rawId = (raw as { id?: unknown } | null)?.id;
        const answerable = typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId >= 0;
        // Moved above 10^9 so they never collide with the ids of the method calls above.
        const id = answerable ? (rawId % 1_000_000) + 1_000_000_000 : null;
        const message = answerable ? { ...(raw as object), id } : raw;
        const reply = await send(message, id);
        if (id === null) return;
        expect(reply).not.toBeNull();
        if (reply?.t !== 'result') throw new Error('not a result');
        if (!reply.ok) expectCleanError(reply.error, JSON.stringify(message)?.slice(0, 200));
      }),
      { numRuns: 3_000, seed: SEED, endOnFailure: true },
    );
  }, 120_000);

  // A million keys and 10,000 levels take seconds to build on a busy machine: a longer test
  // timeout, not a speed limit.
  it(
    'refuses deep nesting, huge strings and many keys with a clear error, and keeps serving',
    { timeout: 60_000 },
    async () => {
      let deep: unknown = [];
      for (let i = 0; i < 10_000; i++) deep = [deep];
      const manyKeys = Object.fromEntries(
        Array.from({ length: 1_000_001 }, (_, i) => [`k${i}`, i]),
      );
      const cases: Array<[unknown, string]> = [
        [{ t: 'call', id: 1_999_000_001, method: 'app.info', params: deep }, 'nested more than 64'],
        [
          { t: 'call', id: 1_999_000_002, method: 'app.info', params: manyKeys },
          'more than 1,000,000 values',
        ],
      ];
      for (const [message, words] of cases) {
        const reply = await send(message, (message as { id: number }).id);
        expect(reply).toMatchObject({ t: 'result', ok: false, error: { code: 'INVALID_REQUEST' } });
        if (reply?.t === 'result' && !reply.ok) expect(reply.error.message).toContain(words);
      }
      // Dropped without an answer when no caller waits, and never thrown.
      expect(await send(deep, null)).toBeNull();
      const huge = await send(
        {
          t: 'call',
          id: 1_999_000_003,
          method: 'app.info',
          params: { x: 'y'.repeat(32 * 1024 * 1024) },
        },
        1_999_000_003,
      );
      expect(huge).toMatchObject({ t: 'result', ok: false, error: { code: 'INVALID_REQUEST' } });
      const ok = await send(
        { t: 'call', id: 1_999_000_004, method: 'app.info', params: {} },
        1_999_000_004,
      );
      expect(ok).toMatchObject({ t: 'result', ok: true });
    },
  );

  it('drops an envelope whose id no caller could be waiting for', async () => {
    for (const id of [-1, 1.5, 1e107, Number.NaN]) {
      const sent = vi.fn();
      const ctx = { peerId: 'p', emit: sent, onPeerClose: () => {} };
      expect(await dispatch({} as Handlers, { t: 'nope', id }, ctx), String(id)).toBeNull();
    }
  });

  it('still answers normally afterwards', async () => {
    const id = nextId++;
    const reply = await send({ t: 'call', id, method: 'app.info', params: {} }, id);
    expect(reply).toMatchObject({ t: 'result', id, ok: true, value: { mode: 'web', dataDir } });
    const list = nextId++;
    expect(
      await send({ t: 'call', id: list, method: 'connections.list', params: {} }, list),
    ).toMatchObject({
      ok: true,
    });
  });
});
