import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tlsOptionsFor } from '../../../src/main/db/tls-options';
import { isApiError } from '../../../src/shared/api/errors';

/** A real (self-signed CA) certificate: a CA file must hold one for the verify modes. */
const CA_PEM = `-----BEGIN CERTIFICATE-----
MIIBRDCB96ADAgECAhRmClWZ4Bv15QHLam3ngmoxLdoy2DAFBgMrZXAwFzEVMBMG
A1UEAwwMVW5pdCBUZXN0IENBMCAXDTI2MTEyNzE4MzcwNloYDzIxMjYxMTAzMTgz
NzA2WjAXMRUwEwYDVQQDDAxVbml0IFRlc3QgQ0EwKjAFBgMrZXADIQAhoblbvUeJ
2342qorLO+fcb46BDCjgX5iUZ47ZIrRn9aNTMFEwHQYDVR0OBBYEFCqbfhSzQgxn
ipoEODuzZg7822pNMB8GA1UdIwQYMBaAFCqbfhSzQgxnipoEODuzZg7822pNMA8G
A1UdEwEB/wQFMAMBAf8wBQYDK2VwA0EAgV5vfHcnFO6SUe7di1BgoDbjyRpURmav
1XucidxQp41dhAkczjzf5k6VUjrtzdBlF/gJE9ebqwm+MiUp8Ym2AQ==
-----END CERTIFICATE-----
`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-tls-options-'));
  await writeFile(join(dir, 'ca.pem'), CA_PEM);
  await writeFile(join(dir, 'not-a-cert.pem'), 'root:x:0:0:root:/root:/bin/bash\n');
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
      ca: CA_PEM,
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
      ca: CA_PEM,
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

  it('a CA file without a certificate is FILE_ERROR saying so, for the modes that use it', async () => {
    const caFile = join(dir, 'not-a-cert.pem');
    for (const mode of ['verify-ca', 'verify-identity'] as const) {
      const e = await tlsOptionsFor({ mode, caFile }).catch((x: unknown) => x);
      expect(e).toMatchObject({
        code: 'FILE_ERROR',
        field: 'tls.caFile',
        message: `The CA file ${caFile} holds no certificate in PEM form (-----BEGIN CERTIFICATE-----), so the server's certificate cannot be checked against it.`,
      });
    }
  });

  it('a damaged certificate block is no certificate; a good one after it is', async () => {
    const damaged = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    await writeFile(join(dir, 'damaged.pem'), damaged);
    await writeFile(join(dir, 'bundle.pem'), damaged + CA_PEM);
    const e = await tlsOptionsFor({ mode: 'verify-ca', caFile: join(dir, 'damaged.pem') }).catch(
      (x: unknown) => x,
    );
    expect(isApiError(e, 'FILE_ERROR')).toBe(true);
    expect(
      await tlsOptionsFor({ mode: 'verify-ca', caFile: join(dir, 'bundle.pem') }),
    ).toMatchObject({ ca: damaged + CA_PEM });
  });
});
