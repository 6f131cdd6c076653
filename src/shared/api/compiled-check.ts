import type { z } from 'zod';

/** True when a value is one the schema accepts unchanged (see `compileCheck`). */
export type CompiledCheck = (value: unknown) => boolean;

/** What the compiler reads of a zod 4 schema: its definition. */
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  coerce?: boolean;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/**
 * An object literal's kind of object (what JSON and structured clone give). A Date, a Map, a
 * class instance or an object without prototype is left to zod, whose output for them is a new
 * object literal, not the value itself.
 */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const always: CompiledCheck = () => true;
const hasOwn = Object.prototype.hasOwnProperty;

/** A length check of strings and arrays, or null for any other check. */
function lengthCheck(c: CheckDef): ((n: number) => boolean) | null {
  if (c.check === 'min_length' && typeof c.minimum === 'number') {
    const min = c.minimum;
    return (n) => n >= min;
  }
  if (c.check === 'max_length' && typeof c.maximum === 'number') {
    const max = c.maximum;
    return (n) => n <= max;
  }
  if (c.check === 'length_equals' && typeof c.length === 'number') {
    const len = c.length;
    return (n) => n === len;
  }
  return null;
}

function numberCheck(c: CheckDef): ((n: number) => boolean) | null {
  if (c.check === 'number_format') {
    if (c.format === 'safeint') return Number.isSafeInteger;
    return null;
  }
  if ((c.check === 'greater_than' || c.check === 'less_than') && typeof c.value === 'number') {
    const bound = c.value;
    if (c.check === 'greater_than') return c.inclusive ? (n) => n >= bound : (n) => n > bound;
    return c.inclusive ? (n) => n <= bound : (n) => n < bound;
  }
  return null;
}

function stringCheck(c: CheckDef): ((s: string) => boolean) | null {
  const length = lengthCheck(c);
  if (length) return (s) => length(s.length);
  if (c.check === 'string_format' && c.format === 'regex' && c.pattern instanceof RegExp) {
    const pattern = c.pattern;
    return (s) => {
      pattern.lastIndex = 0;
      return pattern.test(s);
    };
  }
  return null;
}

/** Every check of a def through `one`, or null when any is not understood. */
function allChecks<T>(
  def: Def,
  one: (c: CheckDef) => ((v: T) => boolean) | null,
): Array<(v: T) => boolean> | null {
  const out: Array<(v: T) => boolean> = [];
  for (const c of def.checks ?? []) {
    const f = one(c._zod.def);
    if (!f) return null;
    out.push(f);
  }
  return out;
}

/** A check of each schema, or null when any of them cannot be compiled. */
function compileAll(schemas: readonly z.ZodType[], depth: number): CompiledCheck[] | null {
  const out: CompiledCheck[] = [];
  for (const s of schemas) {
    const c = compile(s, depth);
    if (!c) return null;
    out.push(c);
  }
  return out;
}

function compile(schema: z.ZodType, depth: number): CompiledCheck | null {
  // Recursive (lazy) schemas and very deep ones are left to zod.
  if (depth > 40) return null;
  const def = defOf(schema);
  if (def.coerce) return null;
  switch (def.type) {
    case 'unknown':
    case 'any':
      return always;
    case 'null':
      return (v) => v === null;
    case 'undefined':
      return (v) => v === undefined;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'string': {
      const checks = allChecks(def, stringCheck);
      if (!checks) return null;
      // The common shapes without a loop: they run for every field of every row.
      if (checks.length === 0) return (v) => typeof v === 'string';
      if (checks.length === 1) {
        const only = checks[0]!;
        return (v) => typeof v === 'string' && only(v);
      }
      return (v) => {
        if (typeof v !== 'string') return false;
        for (const c of checks) if (!c(v)) return false;
        return true;
      };
    }
    case 'number': {
      const checks = allChecks(def, numberCheck);
      if (!checks) return null;
      if (checks.length === 0) return (v) => typeof v === 'number' && Number.isFinite(v);
      if (checks.length === 1) {
        const only = checks[0]!;
        return (v) => typeof v === 'number' && Number.isFinite(v) && only(v);
      }
      return (v) => {
        if (typeof v !== 'number' || !Number.isFinite(v)) return false;
        for (const c of checks) if (!c(v)) return false;
        return true;
      };
    }
    case 'literal': {
      const values = def.values ?? [];
      return (v) => values.includes(v);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => (typeof v === 'string' || typeof v === 'number') && values.has(v);
    }
    case 'nullable': {
      const inner = def.innerType && compile(def.innerType, depth + 1);
      return inner ? (v) => v === null || inner(v) : null;
    }
    case 'optional': {
      const inner = def.innerType && compile(def.innerType, depth + 1);
      return inner ? (v) => v === undefined || inner(v) : null;
    }
    case 'array': {
      const element = def.element && compile(def.element, depth + 1);
      const checks = allChecks(def, lengthCheck);
      if (!element || !checks) return null;
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (const c of checks) if (!c(v.length)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'tuple': {
      const items = def.checks?.length ? null : compileAll(def.items ?? [], depth + 1);
      if (!items) return null;
      const rest = def.rest ? compile(def.rest, depth + 1) : null;
      if (def.rest && !rest) return null;
      const count = items.length;
      // Exactly its items (zod's output for missing optional ones may differ), then the rest.
      return (v) => {
        if (!Array.isArray(v) || v.length < count || (!rest && v.length !== count)) return false;
        for (let i = 0; i < count; i++) if (!items[i]!(v[i])) return false;
        if (rest) for (let i = count; i < v.length; i++) if (!rest(v[i])) return false;
        return true;
      };
    }
    case 'union': {
      const options = def.checks?.length ? null : compileAll(def.options ?? [], depth + 1);
      if (!options) return null;
      return (v) => options.some((o) => o(v));
    }
    case 'record': {
      const key = def.keyType && defOf(def.keyType);
      if (!key || key.type !== 'string' || key.checks?.length || def.checks?.length) return null;
      const value = def.valueType && compile(def.valueType, depth + 1);
      if (!value) return null;
      return (v) => {
        if (!isPlainObject(v)) return false;
        for (const k in v) if (hasOwn.call(v, k) && !value(v[k])) return false;
        return true;
      };
    }
    case 'object': {
      if (def.checks?.length) return null;
      const keys: string[] = [];
      const checks: CompiledCheck[] = [];
      for (const [k, s] of Object.entries(def.shape ?? {})) {
        // `v.toString` of a value without it is still defined: such names are left to zod.
        if (k in Object.prototype) return null;
        const c = compile(s, depth + 1);
        if (!c) return null;
        keys.push(k);
        checks.push(c);
      }
      const count = keys.length;
      // No catchall: zod strips unknown keys (so the output would differ); strict: refuses them.
      // Either way a value with keys the shape does not name is left to zod.
      const catchall = def.catchall ? defOf(def.catchall).type : 'strip';
      const extraKeys = catchall === 'unknown' || catchall === 'any' ? 'allow' : 'refuse';
      if (catchall !== 'strip' && catchall !== 'never' && extraKeys === 'refuse') return null;
      if (extraKeys === 'allow') {
        return (v) => {
          if (!isPlainObject(v)) return false;
          for (let i = 0; i < count; i++) if (!checks[i]!(v[keys[i]!])) return false;
          return true;
        };
      }
      // The named keys the value has, counted while checking: a value with as many own keys
      // has no other (cheaper than looking each own key up in the shape).
      return (v) => {
        if (!isPlainObject(v)) return false;
        let named = 0;
        for (let i = 0; i < count; i++) {
          const x = v[keys[i]!];
          if (!checks[i]!(x)) return false;
          if (x !== undefined || hasOwn.call(v, keys[i]!)) named++;
        }
        let own = 0;
        for (const k in v) if (hasOwn.call(v, k)) own++;
        return own === named;
      };
    }
    default:
      // Transforms, defaults, catch, pipes, refinements, dates, ...: their output can differ
      // from their input, or they need zod's own logic.
      return null;
  }
}

/**
 * A plain-closure check built once from a zod 4 schema, for pages whose Content-Security-Policy
 * forbids the code generation zod's fast path uses. `check(v) === true` means zod would accept
 * `v` and give back a value deep-equal to it, so the caller can use `v` as it is; false means
 * "ask zod" (for its output or its error). Null when the schema uses anything not covered here.
 */
export function compileCheck(schema: z.ZodType): CompiledCheck | null {
  return compile(schema, 0);
}

const compiled = new WeakMap<z.ZodType, CompiledCheck | null>();

/** `schema.safeParse(value)`, taking the compiled check's shortcut when it accepts the value. */
export function fastSafeParse<T>(
  schema: z.ZodType<T>,
  value: unknown,
): { success: true; data: T } | { success: false; error: z.ZodError } {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compileCheck(schema);
    compiled.set(schema, check);
  }
  if (check?.(value)) return { success: true, data: value as T };
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, error: parsed.error };
}
