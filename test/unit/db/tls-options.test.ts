import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

const run = promisify(execFile);
let dir = '';
/** A client certificate and its key as openssl writes them (ed25519: made in milliseconds). */
let certPem = '';
let keyPem = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-tls-options-'));
  const key = (name: string) =>
    run('openssl', ['genpkey', '-algorithm', 'ed25519', '-out', join(dir, name)]);
  await key('key.pem');
  await key('other-key.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-key',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=client',
  ]);
  await run('openssl', [
    'pkey',
    '-in',
    join(dir, 'key.pem'),
    '-aes256',
    '-passout',
    'pass:secret',
    '-out',
    join(dir, 'encrypted-key.pem'),
  ]);
  certPem = await readFile(join(dir, 'cert.pem'), 'utf8');
  keyPem = await readFile(join(dir, 'key.pem'), 'utf8');
  await writeFile(join(dir, 'ca.pem'), CA_PEM);
  await writeFile(join(dir, 'not-a-cert.pem'), 'root:x:0:0:root:/root:/bin/bash\n');
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
      cert: certPem,
      key: keyPem,
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

  it('a client certificate or key that is not one, or a pair that does not match, is FILE_ERROR naming the file', async () => {
    const failure = (certFile: string, keyFile: string) =>
      tlsOptionsFor({
        mode: 'required',
        certFile: join(dir, certFile),
        keyFile: join(dir, keyFile),
      }).catch((x: unknown) => x);
    expect(await failure('not-a-cert.pem', 'key.pem')).toMatchObject({
      code: 'FILE_ERROR',
      field: 'tls.certFile',
      message: `The client certificate ${join(dir, 'not-a-cert.pem')} is not a certificate in PEM form (-----BEGIN CERTIFICATE-----).`,
    });
    expect(await failure('cert.pem', 'not-a-cert.pem')).toMatchObject({
      code: 'FILE_ERROR',
      field: 'tls.keyFile',
      message: `The client key ${join(dir, 'not-a-cert.pem')} is not a private key in PEM form.`,
    });
    expect(await failure('cert.pem', 'other-key.pem')).toMatchObject({
      code: 'FILE_ERROR',
      field: 'tls.keyFile',
      message: `The client key ${join(dir, 'other-key.pem')} does not belong to the client certificate ${join(dir, 'cert.pem')}.`,
    });
    expect(await failure('cert.pem', 'encrypted-key.pem')).toMatchObject({
      code: 'FILE_ERROR',
      field: 'tls.keyFile',
      message: `The client key ${join(dir, 'encrypted-key.pem')} is protected by a passphrase, which Sightline cannot ask for; use an unencrypted copy (openssl pkey -in <file> -out <copy>) readable only by you.`,
    });
  });
});
