import { describe, expect, it } from 'vitest';
import { transportText } from '../../../../src/renderer/connections/transport-text';

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
