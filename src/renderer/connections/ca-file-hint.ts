import type { TlsMode } from '../../shared/api/connection';

/**
 * The hint under the CA file field. Only the verify modes check the server's certificate, so
 * a CA file given with "preferred" or "required" is read but checks nothing: say so where the
 * user typed it, rather than let them believe the server is verified (the mysql client warns
 * the same way, and the command line refuses --tls-ca outside the verify modes).
 */
export function caFileHint(mode: TlsMode, caFile: string): string {
  const unused = (mode === 'preferred' || mode === 'required') && caFile.trim() !== '';
  return unused
    ? `Not used: this TLS mode checks no certificate. Choose "Verify CA" or "Verify CA and host name" to check the server against this file.`
    : 'A path on the machine running the backend';
}
