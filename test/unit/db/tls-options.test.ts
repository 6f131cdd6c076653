import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tlsOptionsFor } from '../../../src/main/db/tls-options';
import { isApiError } from '../../../src/shared/api/errors';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-tls-options-'));
  await writeFile(join(dir, 'ca.pem'), 'CA PEM');
  await writeFile(join(dir, 'cert.pem'), 'CERT PEM');
  await writeFile(join(dir, 'key.pem'), 'KEY PEM');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tlsOptionsFor', () => {
  it("'off' is no TLS at all", async () => {
    expect(await tlsOptionsFor({ mode: 'off' })).toBeUndefined();
  });

  it("'preferred' and 'required' encrypt without checking the certificate", async () => {
    for (const mode of ['preferred', 'required'] as const) {
      expect(await tlsOptionsFor({ mode })).toEqual({
        rejectUnauthorized: false,
        verifyIdentity: false,
      });
    }
  });

  it("'verify-ca' checks the chain against the CA file, not the host name", async () => {
    expect(await tlsOptionsFor({ mode: 'verify-ca', caFile: join(dir, 'ca.pem') })).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: false,
      ca: 'CA PEM',
    });
  });

  it("'verify-identity' checks both, and client certificates are read", async () => {
    expect(
      await tlsOptionsFor({
        mode: 'verify-identity',
        caFile: join(dir, 'ca.pem'),
        certFile: join(dir, 'cert.pem'),
        keyFile: join(dir, 'key.pem'),
      }),
    ).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: true,
      ca: 'CA PEM',
      cert: 'CERT PEM',
      key: 'KEY PEM',
    });
  });

  it('an unreadable file is FILE_ERROR naming the setting and the file', async () => {
    const missing = join(dir, 'nope.pem');
    const e = await tlsOptionsFor({
      mode: 'required',
      certFile: join(dir, 'cert.pem'),
      keyFile: missing,
    }).catch((x: unknown) => x);
    expect(isApiError(e, 'FILE_ERROR')).toBe(true);
    expect(e).toMatchObject({
      field: 'tls.keyFile',
      message: `The client key ${missing} could not be read: it does not exist, is not a file, or this user may not read it.`,
    });
    const folder = await tlsOptionsFor({ mode: 'verify-ca', caFile: dir }).catch((x: unknown) => x);
    expect(folder).toMatchObject({
      code: 'FILE_ERROR',
      message: `The CA file ${dir} could not be read: it does not exist, is not a file, or this user may not read it.`,
    });
  });
});
