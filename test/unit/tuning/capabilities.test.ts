import { describe, expect, it } from 'vitest';
import { capabilitiesFor, describeCapability } from '../../../src/shared/server/capabilities';
import { v } from '../../../src/shared/server/version';

describe('tuning capabilities', () => {
  it('knows which servers keep digests, example statements and row versions', () => {
    const mysql97 = capabilitiesFor('mysql', v('9.7.0'));
    expect([
      mysql97.statementDigests,
      mysql97.digestQuerySample,
      mysql97.innodbRowVersions,
    ]).toEqual([true, true, true]);
    const mysql8028 = capabilitiesFor('mysql', v('8.0.28'));
    expect([mysql8028.digestQuerySample, mysql8028.innodbRowVersions]).toEqual([true, false]);
    const mysql57 = capabilitiesFor('mysql', v('5.7.44'));
    expect([mysql57.statementDigests, mysql57.digestQuerySample]).toEqual([true, false]);
    const mariadb = capabilitiesFor('mariadb', v('11.8.6'));
    expect([
      mariadb.statementDigests,
      mariadb.digestQuerySample,
      mariadb.innodbRowVersions,
    ]).toEqual([true, false, false]);
    expect(capabilitiesFor('percona', v('8.0.40')).digestQuerySample).toBe(true);
  });

  it('knows where STATEMENT_DIGEST() keeps plans by digest, and says what MariaDB does instead', () => {
    expect(capabilitiesFor('mysql', v('9.7.0')).statementDigestFunction).toBe(true);
    expect(capabilitiesFor('mysql', v('8.0.4')).statementDigestFunction).toBe(true);
    expect(capabilitiesFor('mysql', v('8.0.3')).statementDigestFunction).toBe(false);
    expect(capabilitiesFor('percona', v('8.0.40')).statementDigestFunction).toBe(true);
    expect(capabilitiesFor('mariadb', v('11.8.6')).statementDigestFunction).toBe(false);
    expect(describeCapability('statementDigestFunction')).toMatch(
      /^STATEMENT_DIGEST\(\): .*without it, earlier plans of a statement are found by its shape/,
    );
  });
});
