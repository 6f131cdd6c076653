import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck, fastSafeParse } from '../../../src/shared/api/compiled-check';
import { contract, events } from '../../../src/shared/api/contract';
import type { ProcessRow } from '../../../src/shared/processlist/process-row';
import { snapshotToWire } from '../../../src/shared/processlist/snapshot-wire';

type Def = {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; minimum?: number; maximum?: number } } }>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Values shaped like the schema (often valid, often a little wrong): what a backend sends,
 * and what a broken one might. Mutations: a key dropped, a key added, a value replaced.
 */
function nearly(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const junk = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.double());
  if (depth > 6) return junk;
  const mutate = (a: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 8, arbitrary: a }, { weight: 1, arbitrary: junk });
  switch (def.type) {
    case 'string':
      return mutate(
        fc.oneof(fc.string({ maxLength: 8 }), fc.string({ minLength: 60, maxLength: 80 })),
      );
    case 'number':
      return mutate(
        fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.double({ noNaN: false }), fc.constant(-0)),
      );
    case 'boolean':
      return mutate(fc.boolean());
    case 'null':
      return mutate(fc.constant(null));
    case 'literal':
      return mutate(fc.constantFrom(...(def.values ?? [null])));
    case 'enum':
      return mutate(fc.constantFrom(...Object.values(def.entries ?? { a: 'a' })));
    case 'nullable':
    case 'optional':
      return fc.oneof(
        fc.constant(def.type === 'nullable' ? null : undefined),
        nearly(def.innerType!, depth + 1),
      );
    case 'array':
      return mutate(fc.array(nearly(def.element!, depth + 1), { maxLength: 3 }));
    case 'tuple':
      // Its items (one too few or one too many now and then), then the rest's.
      return mutate(
        fc
          .tuple(
            fc.tuple(...(def.items ?? []).map((s) => nearly(s, depth + 1))),
            def.rest ? fc.array(nearly(def.rest, depth + 1), { maxLength: 2 }) : fc.constant([]),
            fc.nat(20),
          )
          .map(([items, rest, n]) => {
            const out: unknown[] = [...items, ...rest];
            if (n === 0) out.pop();
            if (n === 1) out.push(null);
            return out;
          }),
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => nearly(o, depth + 1)));
    case 'record':
      return mutate(
        fc.dictionary(fc.string({ maxLength: 4 }), nearly(def.valueType!, depth + 1), {
          maxKeys: 3,
        }),
      );
    case 'object': {
      const shape = def.shape ?? {};
      const base = fc.record(
        Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, nearly(s, depth + 1)])),
      );
      return mutate(
        fc.tuple(base, fc.nat(20), fc.string({ maxLength: 3 })).map(([value, n, extra]) => {
          const out: Record<string, unknown> = { ...value };
          const keys = Object.keys(out);
          if (n === 0 && keys.length > 0) delete out[keys[0]!];
          if (n === 1) out[`x${extra}`] = extra;
          return out;
        }),
      );
    }
    default:
      return fc.anything();
  }
}

const schemas: Array<[string, z.ZodType]> = [
  ...Object.entries(contract).map(
    ([m, s]) => [`${m} result`, s.result as z.ZodType] as [string, z.ZodType],
  ),
  ...Object.entries(events).map(([e, s]) => [`${e} event`, s as z.ZodType] as [string, z.ZodType]),
];

describe('compiled checks of the API schemas', () => {
  it('cover the big results the screens poll', () => {
    for (const method of [
      'processlist.snapshot',
      'query.rows',
      'query.status',
      'tuning.statements',
    ] as const) {
      expect(compileCheck(contract[method].result as z.ZodType), method).not.toBeNull();
    }
  });

  const compiled = schemas.filter(([, s]) => compileCheck(s) !== null);
  it.each(compiled)('accept only what zod accepts unchanged: %s', (_name, schema) => {
    const check = compileCheck(schema)!;
    fc.assert(
      fc.property(fc.oneof(nearly(schema), fc.anything()), (value) => {
        if (!check(value)) return;
        const parsed = schema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toStrictEqual(value);
      }),
      { numRuns: 150 },
    );
  });

  it('take the shortcut for a valid 2,000-session snapshot, and fall back to zod for a wrong one', () => {
    const schema = contract['processlist.snapshot'].result as z.ZodType;
    const rows: ProcessRow[] = Array.from({ length: 2000 }, (_, i) => ({
      id: 100 + i,
      threadId: 140 + i,
      kind: 'client',
      user: i % 2 ? 'app' : 'report',
      host: `10.0.0.${i % 250}:${40_000 + i}`,
      db: i % 3 ? 'shop' : null,
      command: i % 2 ? 'Sleep' : 'Query',
      timeSeconds: i % 90,
      timeMs: (i % 90) * 1000 + 0.25,
      state: i % 2 ? null : 'executing',
      info: i % 2 ? null : `SELECT * FROM orders WHERE id = ${i}`,
      infoLength: i % 2 ? 0 : 32,
      infoBinary: false,
      rowsExamined: i,
      rowsSent: 1,
      lockMs: 0.001,
      tmpTables: 0,
      tmpDiskTables: 0,
      memoryBytes: 40_000 + i,
      memoryPeakBytes: 90_000,
      progress: null,
      progressStage: null,
      stage: i === 7 ? { current: 1, max: 2 } : null,
      self: i === 0,
      extra: { EXECUTION_ENGINE: 'PRIMARY' },
    }));
    // As the WebSocket brings it: JSON.
    const sample: unknown = JSON.parse(
      JSON.stringify(
        snapshotToWire({
          takenAt: '2026-11-25T10:00:00.000Z',
          serverRun: { hostname: 'db-1', serverId: '1', startedAtMs: 1_700_000_000_000 },
          source: 'performance_schema',
          rows,
          transactions: [
            {
              processId: 101,
              trxId: '2424',
              state: 'LOCK WAIT',
              ageSeconds: 3,
              waitSeconds: 3,
              isolation: 'REPEATABLE READ',
              rowsLocked: 1,
              rowsModified: 0,
              tablesLocked: 1,
              extra: {},
            },
          ],
          waits: [
            {
              kind: 'row',
              waitingId: 101,
              blockingId: 102,
              schema: 'shop',
              object: 'orders',
              index: 'PRIMARY',
              waitingMode: 'X,REC_NOT_GAP',
              blockingMode: 'X,REC_NOT_GAP',
              granted: true,
            },
          ],
          notices: [],
          pollMs: 12.5,
        }),
      ),
    );
    expect(schema.safeParse(sample).success).toBe(true);
    expect(compileCheck(schema)!(sample)).toBe(true);
    const result = fastSafeParse(schema, sample);
    expect(result.success && result.data).toBe(sample);
    const broken = { ...(sample as Record<string, unknown>), rows: 'not a list' };
    const refused = fastSafeParse(schema, broken);
    expect(refused.success).toBe(false);
  });

  it('leave transforms, defaults and refinements to zod', () => {
    expect(compileCheck(z.string().trim())).toBeNull();
    expect(compileCheck(z.number().default(3))).toBeNull();
    expect(compileCheck(z.string().refine((s) => s !== 'x'))).toBeNull();
    expect(compileCheck(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileCheck(z.coerce.number())).toBeNull();
    // A stripping object refuses unknown keys (zod would drop them from its output).
    const strip = compileCheck(z.object({ a: z.number() }))!;
    expect(strip({ a: 1 })).toBe(true);
    expect(strip({ a: 1, b: 2 })).toBe(false);
    expect(compileCheck(z.object({ a: z.number() }).loose())!({ a: 1, b: 2 })).toBe(true);
    expect(compileCheck(z.number().int().nonnegative())!(-1)).toBe(false);
    expect(compileCheck(z.number())!(Infinity)).toBe(false);
  });

  it('count keys exactly: an unnamed key never hides behind a missing optional one', () => {
    const check = compileCheck(z.object({ a: z.string(), b: z.string().optional() }))!;
    expect(check({ a: 'x' })).toBe(true);
    expect(check({ a: 'x', b: 'y' })).toBe(true);
    // As many keys as the shape names, one of them unknown: zod would strip it.
    expect(check({ a: 'x', c: 'y' })).toBe(false);
    // An optional key holding undefined (structured clone keeps it): zod keeps it too.
    expect(check({ a: 'x', b: undefined })).toBe(true);
    expect(
      z.object({ a: z.string(), b: z.string().optional() }).parse({ a: 'x', b: undefined }),
    ).toStrictEqual({ a: 'x', b: undefined });
    expect(check({ b: undefined, c: 'y' })).toBe(false);
    // An object with another prototype than an object literal's: zod decides.
    expect(check(Object.assign(Object.create({ inherited: 1 }) as object, { a: 'x' }))).toBe(false);
    // Tuples: exactly their items, then their rest.
    const pair = compileCheck(z.tuple([z.number(), z.string().nullable()]))!;
    expect(pair([1, null])).toBe(true);
    expect(pair([1])).toBe(false);
    expect(pair([1, 'a', 'b'])).toBe(false);
    expect(pair(['1', 'a'])).toBe(false);
    const withRest = compileCheck(z.tuple([z.number()], z.string()))!;
    expect(withRest([1, 'a', 'b'])).toBe(true);
    expect(withRest([1, 'a', 2])).toBe(false);
    // Not object literals: zod's output for them is not the value itself.
    const loose = compileCheck(z.object({ a: z.number().optional() }))!;
    expect(loose({})).toBe(true);
    expect(loose(Object.create(null))).toBe(false);
    expect(compileCheck(z.record(z.string(), z.number()))!(Object.create(null))).toBe(false);
    expect(loose(new Date(0))).toBe(false);
    expect(compileCheck(z.record(z.string(), z.number()))!(new Map())).toBe(false);
    // Names every object inherits are read through the prototype: such shapes go to zod.
    expect(compileCheck(z.object({ toString: z.unknown() }))).toBeNull();
  });
});
