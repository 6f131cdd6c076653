// Readers for untrusted JSON values: plan documents are parsed, never trusted, so every access
// checks the type and gives undefined instead of throwing.

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a boolean; `1`/`0` as well, which some servers print. */
export function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  return undefined;
}

/**
 * The strings of a JSON array, or undefined when it is not an array. An array of strings only
 * (the usual case) is returned as it is, without a copy: plans can have thousands of them.
 */
export function asStringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const item of value) {
    if (typeof item !== 'string') return value.filter((v): v is string => typeof v === 'string');
  }
  return value as string[];
}

/**
 * Sets `key` as an own property of `o`, `__proto__` included: plan documents are untrusted, and
 * assigning that key would set the object's prototype (or be ignored) instead of keeping it.
 */
export function setOwn(o: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}
