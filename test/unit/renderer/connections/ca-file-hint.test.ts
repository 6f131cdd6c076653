import { describe, expect, it } from 'vitest';
import { caFileHint } from '../../../../src/renderer/connections/ca-file-hint';

const WHERE = 'A path on the machine running the backend';

describe('caFileHint', () => {
  it('says a CA file checks nothing in the modes that check no certificate', () => {
    for (const mode of ['preferred', 'required'] as const) {
      expect(caFileHint(mode, '/etc/mysql/ca.pem')).toBe(
        'Not used: this TLS mode checks no certificate. Choose "Verify CA" or "Verify CA and host name" to check the server against this file.',
      );
    }
  });

  it('says where the path is read otherwise: verify modes, or no file typed yet', () => {
    expect(caFileHint('verify-ca', '/etc/mysql/ca.pem')).toBe(WHERE);
    expect(caFileHint('verify-identity', '/etc/mysql/ca.pem')).toBe(WHERE);
    expect(caFileHint('required', '  ')).toBe(WHERE);
  });
});
