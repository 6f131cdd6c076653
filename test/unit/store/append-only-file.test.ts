import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppendOnlyFile } from '../../../src/main/store/append-only-file';
import { StoreWriteMonitor } from '../../../src/main/store/store-write-monitor';
import { useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();

/**
 * A disk slow or failing to flush cannot be made on demand, so the file handle's datasync is
 * replaced for these tests: it waits for the test to let it go, or fails.
 */
async function fileHandlePrototype(dir: string): Promise<{ datasync: () => Promise<void> }> {
  const handle = await open(join(dir, 'probe'), 'w');
  await handle.close();
  return Object.getPrototypeOf(handle) as { datasync: () => Promise<void> };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/** A file whose store write statuses (failing: the error; ok) go to `told`. */
function fileOf(dir: string, told: string[] = []): AppendOnlyFile {
  const monitor = new StoreWriteMonitor();
  monitor.onChange((s) => told.push(s.error ?? s.state));
  return new AppendOnlyFile({
    path: join(dir, 'log.jsonl'),
    store: 'history',
    label: 'The test log',
    content: () => '',
    monitor,
    delays: { firstMs: 5, maxMs: 5 },
  });
}

describe('AppendOnlyFile', () => {
  it('says a line is kept once it is written, without waiting for the flush to the disk', async () => {
    const dir = await makeTempDir();
    const proto = await fileHandlePrototype(dir);
    const original = proto.datasync;
    let release: () => void = () => {};
    const flushing = new Promise<void>((r) => (release = r));
    let flushes = 0;
    proto.datasync = async function (this: unknown) {
      flushes++;
      await flushing;
      return original.call(this);
    };
    restore = () => (proto.datasync = original);

    const file = fileOf(dir);
    await file.append('{"a":1}\n');
    // Written (a crash of the backend keeps it) while the flush still waits.
    expect(await readFile(join(dir, 'log.jsonl'), 'utf8')).toBe('{"a":1}\n');
    expect(flushes).toBe(1);
    let flushed = false;
    const whole = file.flush().then(() => (flushed = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(flushed).toBe(false);
    release();
    await whole;
    expect(flushed).toBe(true);
  });

  it('reports a failed flush and writes the line again, once, when the disk takes it', async () => {
    const dir = await makeTempDir();
    const proto = await fileHandlePrototype(dir);
    const original = proto.datasync;
    let failing = true;
    proto.datasync = async function (this: unknown) {
      if (failing) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      return original.call(this);
    };
    restore = () => (proto.datasync = original);

    const failures: string[] = [];
    const file = fileOf(dir, failures);
    await file.append('{"a":1}\n');
    await expect(file.flush()).rejects.toMatchObject({ code: 'STORE_FAILED' });
    expect(failures[0]).toContain('EIO');
    failing = false;
    await file.append('{"b":2}\n');
    await file.flush();
    expect(await readFile(join(dir, 'log.jsonl'), 'utf8')).toBe('{"a":1}\n{"b":2}\n');
    expect(failures.at(-1)).toBe('ok');
  });
});
