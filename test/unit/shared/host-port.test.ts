import { describe, expect, it } from 'vitest';
import { hostPort } from '../../../src/shared/server/host-port';

describe('hostPort', () => {
  it('brackets an IPv6 literal so its port reads apart, and leaves names and IPv4 alone', () => {
    expect(hostPort('db1.example.com', 3306)).toBe('db1.example.com:3306');
    expect(hostPort('10.0.0.7', 33060)).toBe('10.0.0.7:33060');
    expect(hostPort('fe80::1', 3306)).toBe('[fe80::1]:3306');
    expect(hostPort('::1', 3307)).toBe('[::1]:3307');
  });
});
