import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { passwordAuth } from '../../../src/main/db/password-auth';
import {
  certFingerprint,
  checkTlsCert,
  presentedCert,
  type PresentedCert,
} from '../../../src/main/db/tls-cert-pin';
import { TLS_MODES, TlsSettingsSchema } from '../../../src/shared/api/connection';
import { ApiError } from '../../../src/shared/api/errors';

const run = promisify(execFile);
const SERVER = 'db.example.com:3306';
const PIN = `SHA256:${'A'.repeat(43)}`;
const OTHER = `SHA256:${'B'.repeat(43)}`;
const PRESENTED: PresentedCert = {
  sha256: OTHER,
  subject: 'CN=impostor',
  issuer: 'CN=impostor',
  validFrom: 'Nov 27 18:00:00 2026 GMT',
  validTo: 'Nov 29 18:00:00 2026 GMT',
};

/** A self-signed certificate made by openssl in `dir`; its file's path. */
async function selfSigned(dir: string, subject: string): Promise<string> {
  const cert = join(dir, 'cert.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    subject,
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    cert,
  ]);
  return cert;
}

describe('certFingerprint', () => {
  it('is SHA256: and the unpadded base64 of the SHA-256 (the empty input vector)', () => {
    // sha256("") = 47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU= (FIPS 180-2 vector, base64)
    expect(certFingerprint(Buffer.alloc(0))).toBe(
      'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU',
    );
  });

  it('matches openssl for a fresh certificate, and the settings schema takes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-cert-fp-'));
    try {
      const cert = await selfSigned(dir, '/CN=fp');
      const { stdout } = await run('sh', [
        '-c',
        `openssl x509 -in '${cert}' -outform DER | openssl dgst -sha256 -binary | base64`,
      ]);
      const fingerprint = certFingerprint(new X509Certificate(await readFile(cert)).raw);
      expect(fingerprint).toBe(`SHA256:${stdout.trim().replace(/=+$/, '')}`);
      expect(TlsSettingsSchema.parse({ mode: 'required', serverCertSha256: fingerprint })).toEqual({
        mode: 'required',
        serverCertSha256: fingerprint,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the schema refuses other forms, naming the field', () => {
    const colonHex = `SHA256:${'AB:'.repeat(31)}AB`;
    for (const value of [colonHex, 'SHA256:abc', `sha256:${'A'.repeat(43)}`]) {
      const r = TlsSettingsSchema.safeParse({ mode: 'required', serverCertSha256: value });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({
        path: ['serverCertSha256'],
        message: 'The certificate fingerprint must be SHA256: followed by 43 base64 characters',
      });
    }
  });
});

describe('presentedCert', () => {
  it('reads the leaf certificate of a TLS socket, and nothing from a plain stream', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-cert-peer-'));
    try {
      const certFile = await selfSigned(dir, '/CN=peer/O=Acme');
      const x509 = new X509Certificate(await readFile(certFile));
      const tlsLike = Object.assign(new Duplex(), {
        getPeerCertificate: () => ({
          raw: x509.raw,
          subject: { CN: 'peer', O: 'Acme' },
          issuer: { CN: 'peer', O: 'Acme' },
          valid_from: x509.validFrom,
          valid_to: x509.validTo,
        }),
      });
      expect(presentedCert(tlsLike)).toEqual({
        sha256: certFingerprint(x509.raw),
        subject: 'CN=peer, O=Acme',
        issuer: 'CN=peer, O=Acme',
        validFrom: x509.validFrom,
        validTo: x509.validTo,
      });
      expect(presentedCert(new Duplex())).toBeNull();
      // A TLS socket before its handshake shows an empty certificate.
      expect(presentedCert(Object.assign(new Duplex(), { getPeerCertificate: () => ({}) }))).toBe(
        null,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('checkTlsCert: mode x pin x presented', () => {
  const same: PresentedCert = { ...PRESENTED, sha256: PIN };

  it('checks only preferred and required with a pin', () => {
    const outcomes: string[] = [];
    for (const mode of TLS_MODES)
      for (const pin of [undefined, PIN])
        for (const presented of [null, same, PRESENTED]) {
          const tls = { mode, ...(pin ? { serverCertSha256: pin } : {}) };
          const e = checkTlsCert(tls, SERVER, presented);
          if (e)
            outcomes.push(
              `${mode} ${presented === null ? 'none' : presented.sha256 === PIN ? 'same' : 'other'}`,
            );
        }
    expect(outcomes).toEqual([
      'preferred none',
      'preferred other',
      'required none',
      'required other',
    ]);
  });

  it('a different certificate: TLS_CERT_CHANGED with both fingerprints, in danger words', () => {
    const e = checkTlsCert({ mode: 'required', serverCertSha256: PIN }, SERVER, PRESENTED);
    expect(e?.toShape()).toEqual({
      code: 'TLS_CERT_CHANGED',
      message:
        `Danger: the server ${SERVER} presented a different TLS certificate than the one pinned ` +
        `for this connection (saved ${PIN}, presented ${OTHER}: CN=impostor, issued by ` +
        `CN=impostor, valid Nov 27 18:00:00 2026 GMT to Nov 29 18:00:00 2026 GMT). Someone may ` +
        `be intercepting the connection to capture your credentials, so nothing secret was sent. ` +
        `Check with the server's administrator whether its certificate was replaced; only if it ` +
        `was, edit the connection, Test, and trust the new one. Better: use the TLS mode ` +
        `"Verify CA" with the server's CA file.`,
      tlsCert: {
        server: SERVER,
        expected: PIN,
        fingerprint: OTHER,
        subject: 'CN=impostor',
        issuer: 'CN=impostor',
        validFrom: 'Nov 27 18:00:00 2026 GMT',
        validTo: 'Nov 29 18:00:00 2026 GMT',
      },
    });
  });

  it('no TLS where a certificate is pinned: refused as a downgrade', () => {
    const e = checkTlsCert({ mode: 'preferred', serverCertSha256: PIN }, SERVER, null);
    expect(e?.toShape()).toEqual({
      code: 'TLS_CERT_CHANGED',
      message:
        `Danger: the server ${SERVER} offered no TLS, but this connection has its TLS ` +
        `certificate pinned (${PIN}). Someone may be intercepting the connection to capture ` +
        `your credentials, so nothing secret was sent. If TLS was really turned off on the ` +
        `server, edit the connection, Test, and forget the pinned certificate; better: turn ` +
        `TLS back on.`,
      tlsCert: { server: SERVER, expected: PIN },
    });
  });
});

describe('passwordAuth inside TLS with a refused certificate', () => {
  /** caching_sha2_password over TLS, its scramble answered; the next step is full auth. */
  const afterScramble = (linkRefusal: () => ApiError | null) => {
    const auth = passwordAuth({
      password: 'hunter2',
      secureLink: true,
      pinnedKey: undefined,
      trustServerKey: false,
      server: SERVER,
      linkRefusal,
    });
    const step = auth.plugins.caching_sha2_password?.({} as never) as (b: Buffer) => Buffer | null;
    step(Buffer.alloc(20, 1)); // the scramble: answered with a token
    return { auth, step };
  };

  it('refuses before the password is sent in the clear, with the certificate error', () => {
    const refusal = checkTlsCert({ mode: 'required', serverCertSha256: PIN }, SERVER, PRESENTED);
    const { auth, step } = afterScramble(() => refusal);
    expect(() => step(Buffer.from([0x04]))).toThrow(refusal?.message);
    expect(auth.refusal()).toBe(refusal);
    expect(auth.refusal()).toBeInstanceOf(ApiError);
  });

  it('sends it when the certificate is the pinned one', () => {
    const { auth, step } = afterScramble(() => null);
    expect(step(Buffer.from([0x04]))).toEqual(Buffer.from('hunter2\0'));
    expect(auth.refusal()).toBeUndefined();
  });
});
