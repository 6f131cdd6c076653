import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { SslOptions } from 'mysql2';
import { ApiError } from '../../shared/api/errors';
import type { TlsSettings } from '../../shared/api/connection';
import { readSettingsFile } from './read-settings-file';

/**
 * mysql2's `ssl` option for each TLS mode, with the user's files read from disk.
 *
 *   off              no TLS
 *   preferred        TLS without any certificate check; the caller retries without TLS when
 *                    the server has none (mysql2 fails with HANDSHAKE_NO_SSL_SUPPORT)
 *   required         TLS, certificate not checked (encryption only, like MySQL's REQUIRED)
 *   verify-ca        the certificate must chain to caFile; the host name is not checked
 *   verify-identity  chain to caFile, and the certificate must name the host connected to
 */
export async function tlsOptionsFor(tls: TlsSettings): Promise<SslOptions | undefined> {
  if (tls.mode === 'off') return undefined;
  const verify = tls.mode === 'verify-ca' || tls.mode === 'verify-identity';
  const ssl: SslOptions = {
    rejectUnauthorized: verify,
    verifyIdentity: tls.mode === 'verify-identity',
  };
  if (tls.caFile !== undefined) {
    ssl.ca = (await readSettingsFile(tls.caFile, 'CA file', 'tls.caFile')).toString('utf8');
    // Without a certificate in it every server is "not signed by the CA", which sends the
    // user looking at the server instead of at the file.
    if (verify && !holdsCertificate(ssl.ca)) {
      throw new ApiError({
        code: 'FILE_ERROR',
        message:
          `The CA file ${tls.caFile} holds no certificate in PEM form (-----BEGIN ` +
          "CERTIFICATE-----), so the server's certificate cannot be checked against it.",
        field: 'tls.caFile',
      });
    }
  }
  if (tls.certFile !== undefined && tls.keyFile !== undefined) {
    ssl.cert = (
      await readSettingsFile(tls.certFile, 'client certificate', 'tls.certFile')
    ).toString('utf8');
    ssl.key = (await readSettingsFile(tls.keyFile, 'client key', 'tls.keyFile')).toString('utf8');
    // OpenSSL would refuse these only inside the handshake, in its own words and naming neither.
    checkClientPair(tls.certFile, ssl.cert, tls.keyFile, ssl.key);
  }
  return ssl;
}

/** The client certificate and key, parsed and matched, or a FILE_ERROR naming the file at fault. */
function checkClientPair(certFile: string, certPem: string, keyFile: string, keyPem: string): void {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `The client certificate ${certFile} is not a certificate in PEM form (-----BEGIN CERTIFICATE-----).`,
      field: 'tls.certFile',
    });
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(keyPem);
  } catch (err) {
    // PKCS#8 ("ENCRYPTED PRIVATE KEY") and traditional ("Proc-Type: 4,ENCRYPTED") forms.
    const encrypted =
      (err as { code?: unknown }).code === 'ERR_MISSING_PASSPHRASE' ||
      /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(keyPem);
    throw new ApiError({
      code: 'FILE_ERROR',
      message: encrypted
        ? `The client key ${keyFile} is protected by a passphrase, which Sightline cannot ask for; use an unencrypted copy (openssl pkey -in <file> -out <copy>) readable only by you.`
        : `The client key ${keyFile} is not a private key in PEM form.`,
      field: 'tls.keyFile',
    });
  }
  if (!cert.checkPrivateKey(key)) {
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `The client key ${keyFile} does not belong to the client certificate ${certFile}.`,
      field: 'tls.keyFile',
    });
  }
}

/** True when `pem` holds at least one certificate OpenSSL can read as a trust anchor. */
function holdsCertificate(pem: string): boolean {
  const blocks = pem.matchAll(
    /-----BEGIN (TRUSTED )?CERTIFICATE-----[\s\S]*?-----END (?:TRUSTED )?CERTIFICATE-----/g,
  );
  for (const [block, trusted] of blocks) {
    // OpenSSL's "trusted" form carries trust settings Node's X509Certificate does not parse.
    if (trusted !== undefined) return true;
    try {
      new X509Certificate(block);
      return true;
    } catch {
      // Damaged: try the next block.
    }
  }
  return false;
}

/**
 * The pinned server public key (PEM, like MySQL's public_key.pem), read at each connect so a
 * replaced file takes effect; a file that is not an RSA public key is refused up front.
 */
export async function serverPublicKeyFor(tls: TlsSettings): Promise<KeyObject | undefined> {
  if (tls.serverPublicKeyFile === undefined) return undefined;
  const field = 'tls.serverPublicKeyFile';
  const pem = await readSettingsFile(tls.serverPublicKeyFile, 'server public key file', field);
  const key = rsaPublicKey(pem);
  if (!key) {
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `The server public key file ${tls.serverPublicKeyFile} is not an RSA public key in PEM form.`,
      field,
    });
  }
  return key;
}

function rsaPublicKey(pem: Buffer): KeyObject | undefined {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'rsa' ? key : undefined;
  } catch {
    return undefined;
  }
}
