import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import type { ServerFlavor } from '../../../src/shared/server/flavor';
import { v } from '../../../src/shared/server/version';

const alterKeys = (flavor: ServerFlavor, version: string) => {
  const c = capabilitiesFor(flavor, v(version));
  return {
    instant: c.alterInstant,
    addAnywhere: c.alterInstantAddAnywhere,
    drop: c.alterInstantDropColumn,
    rename: c.alterInstantRenameColumn,
    rowVersions: c.alterInstantRowVersions,
    rowVersions255: c.alterInstantRowVersions255,
    metadata: c.alterInstantMetadata,
    nocopy: c.alterNocopy,
    partitionClause: c.alterPartitionClause,
    repartitionChecked: c.alterRepartitionChecksAlgorithm,
  };
};

describe('ALTER capabilities', () => {
  it('follow the versions the issue names', () => {
    expect(alterKeys('mysql', '8.0.12')).toEqual({
      instant: true,
      addAnywhere: false,
      drop: false,
      rename: false,
      rowVersions: false,
      rowVersions255: false,
      metadata: false,
      nocopy: false,
      partitionClause: true,
      repartitionChecked: true,
    });
    expect(alterKeys('mysql', '8.0.29')).toMatchObject({
      addAnywhere: true,
      drop: true,
      rename: true,
      rowVersions: true,
      rowVersions255: false,
    });
    expect(alterKeys('mysql', '9.1.0').rowVersions255).toBe(true);
    // MariaDB 10.3.2-10.3.6 added columns instantly by themselves, but ALGORITHM=INSTANT and
    // NOCOPY (the clauses the plan proposes) parse only from 10.3.7 (MariaDB KB, InnoDB Online
    // DDL Overview: "NOCOPY - This was added in MariaDB 10.3.7. INSTANT - ... 10.3.7").
    expect(alterKeys('mariadb', '10.3.6')).toMatchObject({
      instant: false,
      rename: false,
      nocopy: false,
    });
    expect(alterKeys('mariadb', '10.3.7')).toEqual({
      instant: true,
      addAnywhere: false,
      drop: false,
      rename: true,
      rowVersions: false,
      rowVersions255: false,
      metadata: false,
      nocopy: true,
      partitionClause: false,
      repartitionChecked: false,
    });
    expect(alterKeys('mariadb', '10.4.0')).toMatchObject({
      addAnywhere: true,
      drop: true,
      metadata: true,
    });
    expect(alterKeys('mariadb', '11.8.6').repartitionChecked).toBe(true);
    expect(alterKeys('percona', '8.0.35')).toEqual(alterKeys('mysql', '8.0.35'));
  });
});
