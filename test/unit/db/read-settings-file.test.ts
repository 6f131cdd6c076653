import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettingsFile, SETTINGS_FILE_MAX_BYTES } from '../../../src/main/db/read-settings-file';
import { isApiError, type ApiErrorShape } from '../../../src/shared/api/errors';

const HIDDEN = 'it does not exist, is not a file, or this user may not read it';

/** The error readSettingsFile gave for `file`, read as the CA file. */
async function refusalFor(file: string): Promise<ApiErrorShape> {
  try {
    await readSettingsFile(file, 'CA file', 'tls.caFile');
  } catch (err) {
    if (isApiError(err)) return err.toShape();
    throw err;
  }
  throw new Error(`${file} was read`);
}

describe('readSettingsFile', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-settings-file-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a PEM file, and one of exactly the size limit', async () => {
    const pem = path.join(dir, 'ca.pem');
    await writeFile(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect((await readSettingsFile(pem, 'CA file', 'tls.caFile')).toString('utf8')).toBe(
      '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
    );
    const limit = path.join(dir, 'limit.pem');
    await writeFile(limit, Buffer.alloc(SETTINGS_FILE_MAX_BYTES, 0x41));
    expect((await readSettingsFile(limit, 'CA file', 'tls.caFile')).length).toBe(1024 * 1024);
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(await refusalFor(fifo)).toEqual({
      code: 'FILE_ERROR',
      message: `The CA file ${fifo} could not be read: ${HIDDEN}.`,
      field: 'tls.caFile',
    });
  });

  it('refuses /dev/zero, a device that never ends', async () => {
    expect(await refusalFor('/dev/zero')).toEqual({
      code: 'FILE_ERROR',
      message: `The CA file /dev/zero could not be read: ${HIDDEN}.`,
      field: 'tls.caFile',
    });
  });

  it('refuses a 2 MiB file by its size', async () => {
    const big = path.join(dir, 'big.pem');
    await writeFile(big, Buffer.alloc(2 * 1024 * 1024, 0x41));
    expect(await refusalFor(big)).toEqual({
      code: 'FILE_ERROR',
      message:
        `The CA file ${big} could not be read: it is larger than 1 MiB, ` +
        'and certificate and key files are a few kilobytes.',
      field: 'tls.caFile',
    });
  });

  it('refuses a missing file and a folder in the same words', async () => {
    const missing = path.join(dir, 'missing.pem');
    expect(await refusalFor(missing)).toEqual({
      code: 'FILE_ERROR',
      message: `The CA file ${missing} could not be read: ${HIDDEN}.`,
      field: 'tls.caFile',
    });
    const folder = path.join(dir, 'folder');
    await mkdir(folder);
    expect((await refusalFor(folder)).message).toBe(
      `The CA file ${folder} could not be read: ${HIDDEN}.`,
    );
  });
});
