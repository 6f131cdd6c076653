import { describe, expect, it } from 'vitest';
import { testedLinkText, transportText } from '../../../../src/renderer/connections/transport-text';
import type { Endpoint } from '../../../../src/shared/api/connection';
import type { ServerInfo } from '../../../../src/shared/server/server-info';

describe('transportText', () => {
  it('says TLS only where the server certificate was checked', () => {
    expect(transportText('tls', 'verify-identity')).toEqual({
      label: 'TLS',
      title:
        "Encrypted with TLS; the server's certificate chains to the CA file and names the host connected to",
      verified: true,
    });
    expect(transportText('tls', 'verify-ca')).toEqual({
      label: 'TLS',
      title:
        "Encrypted with TLS; the server's certificate chains to the CA file (its host name is not checked)",
      verified: true,
    });
    for (const mode of ['required', 'preferred'] as const) {
      expect(transportText('tls', mode)).toEqual({
        label: 'TLS, not verified',
        title: `Encrypted with TLS, but the server's certificate is not checked (TLS mode "${mode}"): a machine in the middle could pose as the server and read the session, the password included. Use "Verify CA and host name" with the server's CA file.`,
        verified: false,
      });
    }
  });

  it('names a certificate that matched its pin, in the unverified modes only', () => {
    const sha256 = `SHA256:${'Ab1+'.repeat(10)}xyz`;
    expect(transportText('tls', 'required', { sha256, pinned: true })).toEqual({
      label: 'TLS, certificate pinned SHA256:Ab1+Ab1+…',
      title: `Encrypted with TLS; the server's certificate is the one pinned for this connection on first use (${sha256}), so a machine in the middle with another certificate is refused. Its CA is not checked (TLS mode "required"): "Verify CA and host name" with the server's CA file is stronger.`,
      verified: false,
      pinned: sha256,
    });
    expect(transportText('tls', 'preferred', { sha256, pinned: false }).label).toBe(
      'TLS, not verified',
    );
    expect(transportText('tls', 'verify-ca', { sha256, pinned: false }).label).toBe('TLS');
  });

  it('names the other links whatever the TLS mode, with no TLS verdict', () => {
    expect(transportText('clear', 'required')).toEqual({
      label: 'not encrypted',
      title:
        'No TLS: anyone on the network path can read and change this session. Set the TLS mode to required or stricter.',
      verified: undefined,
    });
    expect(transportText('socket', 'verify-identity').label).toBe('local socket');
    expect(transportText('ssh', 'off').label).toBe('SSH, no TLS');
  });
});

describe('testedLinkText (the Test result line)', () => {
  // Only the link facts matter here.
  const server = (tlsCipher: string | null, viaSsh = false) =>
    ({ tlsCipher, viaSsh }) as ServerInfo;
  const tcp: Endpoint = { kind: 'tcp', host: 'db', port: 3306 };
  const socket: Endpoint = { kind: 'socket', path: '/run/mysqld/mysqld.sock' };

  it('TLS says whether the certificate was checked, with the cipher', () => {
    const cipher = 'TLS_AES_128_GCM_SHA256';
    expect(testedLinkText(server(cipher), tcp, 'required').text).toBe(
      'TLS, not verified (TLS_AES_128_GCM_SHA256)',
    );
    expect(testedLinkText(server(cipher), tcp, 'preferred').text).toBe(
      'TLS, not verified (TLS_AES_128_GCM_SHA256)',
    );
    expect(testedLinkText(server(cipher), tcp, 'verify-identity')).toEqual({
      text: 'TLS (TLS_AES_128_GCM_SHA256)',
      title:
        "Encrypted with TLS; the server's certificate chains to the CA file and names the host connected to",
      warning: false,
    });
  });

  it('TLS names the certificate: pinned in full, or to be pinned by Save', () => {
    const cipher = 'TLS_AES_128_GCM_SHA256';
    const sha256 = `SHA256:${'C'.repeat(43)}`;
    const withCert = (pinned: boolean) =>
      ({ tlsCipher: cipher, viaSsh: false, tlsCert: { sha256, pinned } }) as ServerInfo;
    expect(testedLinkText(withCert(true), tcp, 'required').text).toBe(
      `TLS, certificate pinned ${sha256} (${cipher})`,
    );
    expect(testedLinkText(withCert(false), tcp, 'preferred').text).toBe(
      `TLS, not verified (${cipher}), certificate ${sha256}: Save pins it`,
    );
    expect(testedLinkText(withCert(false), tcp, 'verify-ca').text).toBe(`TLS (${cipher})`);
  });

  it('warns only for a network link without TLS, not for a socket or an SSH tunnel', () => {
    expect(testedLinkText(server(null), tcp, 'preferred')).toMatchObject({
      text: 'not encrypted',
      warning: true,
    });
    expect(testedLinkText(server(null), socket, 'preferred')).toMatchObject({
      text: 'local socket',
      warning: false,
    });
    expect(testedLinkText(server(null, true), tcp, 'preferred')).toEqual({
      text: 'no TLS',
      title: 'Encrypted by the SSH tunnel up to the SSH server; no TLS from there to the database',
      warning: false,
    });
  });
});
