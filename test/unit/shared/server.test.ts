import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import { detectFlavor } from '../../../src/shared/server/flavor';
import { compareVersions, parseServerVersion } from '../../../src/shared/server/version';

// VERSION() and @@version_comment as real servers report them.
const REAL = [
  ['5.7.44-log', 'MySQL Community Server (GPL)', 'mysql', [5, 7, 44]],
  ['8.0.36', 'MySQL Community Server - GPL', 'mysql', [8, 0, 36]],
  ['8.0.36-0ubuntu0.22.04.1', '(Ubuntu)', 'mysql', [8, 0, 36]],
  ['8.4.3', 'MySQL Community Server - GPL', 'mysql', [8, 4, 3]],
  ['9.1.0-commercial', 'MySQL Enterprise Server - Commercial', 'mysql', [9, 1, 0]],
  ['9.7.0-1', '(Debian)', 'mysql', [9, 7, 0]],
  ['8.0.35-27', 'Percona Server (GPL), Release 27, Revision 2f8eeab2', 'percona', [8, 0, 35]],
  [
    '5.7.44-48-log',
    'Percona Server (GPL), Release 48, Revision 497f936a373',
    'percona',
    [5, 7, 44],
  ],
  ['8.4.2-2', 'Percona Server (GPL), Release 2, Revision f8a9e99d', 'percona', [8, 4, 2]],
  ['10.3.39-MariaDB-0+deb10u2', 'Debian 10', 'mariadb', [10, 3, 39]],
  ['10.6.18-MariaDB-log', 'MariaDB Server', 'mariadb', [10, 6, 18]],
  ['10.11.6-MariaDB-0+deb12u1-log', 'Debian 12', 'mariadb', [10, 11, 6]],
  ['5.5.5-10.11.6-MariaDB-0+deb12u1', 'Debian 12', 'mariadb', [10, 11, 6]],
  ['11.4.2-MariaDB-ubu2404', 'mariadb.org binary distribution', 'mariadb', [11, 4, 2]],
  ['11.8.6-MariaDB-1 from Debian', 'Debian n/a', 'mariadb', [11, 8, 6]],
] as const;

describe('detectFlavor', () => {
  it.each(REAL)('%s (%s) → %s', (version, comment, flavor, [major, minor, patch]) => {
    expect(detectFlavor(version, comment)).toEqual({ flavor, version: { major, minor, patch } });
  });

  it('refuses text without a version number', () => {
    expect(detectFlavor('MariaDB', '')).toBeNull();
    expect(detectFlavor('', '')).toBeNull();
  });
});

describe('parseServerVersion', () => {
  it('accepts a two-part version', () => {
    expect(parseServerVersion('8.0')).toEqual({ major: 8, minor: 0, patch: 0 });
  });
  it('keeps the 5.5.5- prefix for servers that are not MariaDB', () => {
    expect(parseServerVersion('5.5.5-log')).toEqual({ major: 5, minor: 5, patch: 5 });
  });
  it('orders versions numerically, not as text', () => {
    expect(
      compareVersions(parseServerVersion('8.0.9')!, parseServerVersion('8.0.18')!),
    ).toBeLessThan(0);
    expect(
      compareVersions(parseServerVersion('10.11.0')!, parseServerVersion('10.2.0')!),
    ).toBeGreaterThan(0);
  });
});

describe('capabilitiesFor', () => {
  const caps = (version: string, comment = '') => {
    const d = detectFlavor(version, comment)!;
    return capabilitiesFor(d.flavor, d.version);
  };

  it('MySQL 9.7 has JSON v2, tree and analyze, tagged GTIDs, replica wording', () => {
    const c = caps('9.7.0');
    expect(c.explainJsonV2).toBe(true);
    expect(c.explainTree).toBe(true);
    expect(c.explainAnalyze).toBe(true);
    expect(c.taggedGtids).toBe(true);
    expect(c.changeReplicationSource).toBe(true);
    expect(c.mariadbGtid).toBe(false);
    expect(c.analyzeJson).toBe(false);
  });

  it('MySQL 8.0.17 has tree but not analyze; 8.0.18 has both', () => {
    expect(caps('8.0.17').explainTree).toBe(true);
    expect(caps('8.0.17').explainAnalyze).toBe(false);
    expect(caps('8.0.18').explainAnalyze).toBe(true);
    expect(caps('8.0.36').explainJsonV2).toBe(false);
  });

  it('MySQL 5.7 has JSON v1 only and the old replication wording', () => {
    const c = caps('5.7.44-log');
    expect(c.explainJson).toBe(true);
    expect(c.explainTree).toBe(false);
    expect(c.replicaStatements).toBe(false);
    expect(c.windowFunctions).toBe(false);
  });

  it('Percona follows MySQL', () => {
    expect(caps('8.0.35-27', 'Percona Server (GPL), Release 27')).toEqual(caps('8.0.35'));
  });

  it('MariaDB 10.11 has ANALYZE FORMAT=JSON and its own GTIDs, none of MySQL-only features', () => {
    const c = caps('10.11.6-MariaDB-0+deb12u1');
    expect(c.analyzeJson).toBe(true);
    expect(c.mariadbGtid).toBe(true);
    expect(c.mysqlGtid).toBe(false);
    expect(c.explainTree).toBe(false);
    expect(c.explainJsonV2).toBe(false);
    expect(c.replicaStatements).toBe(true);
    expect(c.explainForConnection).toBe(true);
  });

  it('MariaDB 10.3 lacks the sys schema and EXPLAIN FOR CONNECTION', () => {
    const c = caps('10.3.39-MariaDB-0+deb10u2');
    expect(c.sysSchema).toBe(false);
    expect(c.explainForConnection).toBe(false);
    expect(c.alterInstant).toBe(true);
  });
});
