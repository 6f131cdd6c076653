import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSettingsFile } from '../../../src/main/db/read-settings-file';

// A file on a stalled network share: looking it up never finishes.
vi.mock('node:fs/promises', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:fs/promises')>()),
  stat: () => new Promise(() => {}),
}));

describe('readSettingsFile on a stalled file system', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up after its timeout, naming the setting and the file', async () => {
    vi.useFakeTimers();
    const reading = readSettingsFile('/mnt/share/ca.pem', 'CA file', 'tls.caFile');
    const settled = expect(reading).rejects.toMatchObject({
      code: 'FILE_ERROR',
      message: 'The CA file /mnt/share/ca.pem could not be read: reading it took longer than 5 s.',
      field: 'tls.caFile',
    });
    await vi.advanceTimersByTimeAsync(4999);
    let done = false;
    void reading.catch(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });
});
