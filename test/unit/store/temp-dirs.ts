import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** Real temp folders for a test file, removed after each test. */
export function useTempDirs(): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-store-'));
    made.push(dir);
    return dir;
  };
}

/** The permission bits of a stat mode, e.g. 0o600. */
export function permissions(mode: number): number {
  return mode & 0o777;
}
