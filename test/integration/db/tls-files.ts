import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CertificateAuthority {
  certFile: string;
  keyFile: string;
}

export interface IssuedCertificate {
  certFile: string;
  keyFile: string;
}

/** A throwaway CA made with openssl, in `dir`. */
export async function makeCa(dir: string, name: string): Promise<CertificateAuthority> {
  const certFile = join(dir, `${name}.pem`);
  const keyFile = join(dir, `${name}-key.pem`);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-subj',
    `/CN=${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return { certFile, keyFile };
}

/** A certificate for `commonName` (and `altNames`, e.g. `DNS:localhost`) signed by `ca`. */
export async function issueCertificate(
  dir: string,
  ca: CertificateAuthority,
  name: string,
  commonName: string,
  altNames: string[] = [],
): Promise<IssuedCertificate> {
  const keyFile = join(dir, `${name}-key.pem`);
  const csrFile = join(dir, `${name}.csr`);
  const certFile = join(dir, `${name}.pem`);
  const extFile = join(dir, `${name}.ext`);
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    csrFile,
    '-subj',
    `/CN=${commonName}`,
  ]);
  await writeFile(extFile, altNames.length > 0 ? `subjectAltName=${altNames.join(',')}\n` : '\n');
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    csrFile,
    '-CA',
    ca.certFile,
    '-CAkey',
    ca.keyFile,
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    certFile,
    '-extfile',
    extFile,
  ]);
  return { certFile, keyFile };
}
