import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Gives the tests of a describe block an in-memory `localStorage` (the unit tests run in Node,
 * which has none), emptied before each test; returns the map behind it to read and seed.
 */
export function useFakeLocalStorage(): Map<string, string> {
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  return stored;
}
