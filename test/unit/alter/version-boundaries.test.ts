// The plan on each side of every version boundary of the ALTER rules, for servers the test
// machines cannot run (MySQL 5.7, 8.0, 8.4, 9.0/9.1, Percona Server; MariaDB 10.3 to 10.6, 11.4).
// Each expectation comes from the manual named in its comment, not from the planner's output:
//   MySQL 5.7 manual 14.13.1 / 8.0+ manual 17.12.1 "Online DDL Operations" (per-operation
//   tables: Instant, In Place, Rebuilds Table, Permits Concurrent DML);
//   MariaDB KB "InnoDB Online DDL Operations with the INSTANT / NOCOPY / INPLACE Alter
//   Algorithm", "InnoDB Online DDL Overview", and the 10.3/10.4/10.5.2 release notes.
// Outcomes read "<algorithm> <LOCK>" (inplace = in place without a rebuild), "unknown" (the plan
// refuses to promise, says to test with ALGORITHM=INSTANT first) or "refused" (syntax error).
import { describe, expect, it } from 'vitest';
import type { CurrentColumn } from '../../../src/shared/alter/column-change';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter, type AlterPlan, type PlanFacts } from '../../../src/shared/alter/plan-alter';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import { detectFlavor, type ServerFlavor } from '../../../src/shared/server/flavor';
import { v } from '../../../src/shared/server/version';

interface Server {
  flavor: ServerFlavor;
  version: string;
}
const mysql = (version: string): Server => ({ flavor: 'mysql', version });
const mariadb = (version: string): Server => ({ flavor: 'mariadb', version });

/** The table the statements run on: no index on `a`, latin1 and utf8mb4 VARCHARs, an ENUM. */
const COLUMNS: CurrentColumn[] = [
  { name: 'a', columnType: 'int', nullable: true, maxBytesPerChar: null },
  // utf8mb4: VARCHAR(10) is 40 bytes, VARCHAR(60) 240 (both one length byte).
  {
    name: 's',
    columnType: 'varchar(10)',
    nullable: true,
    maxBytesPerChar: 4,
    collation: 'utf8mb4_general_ci',
  },
  // latin1: 100 bytes (at most 127) and 200 bytes (128-255), each grown to 300 (two length bytes).
  {
    name: 'l',
    columnType: 'varchar(100)',
    nullable: true,
    maxBytesPerChar: 1,
    collation: 'latin1_swedish_ci',
  },
  {
    name: 'm',
    columnType: 'varchar(200)',
    nullable: true,
    maxBytesPerChar: 1,
    collation: 'latin1_swedish_ci',
  },
  { name: 'e', columnType: "enum('a','b')", nullable: true, maxBytesPerChar: 4 },
];

const ADD_LAST = 'ALTER TABLE t ADD COLUMN x INT';
const ADD_AFTER = 'ALTER TABLE t ADD COLUMN x INT AFTER a';
const DROP = 'ALTER TABLE t DROP COLUMN a';
const RENAME_COLUMN = 'ALTER TABLE t RENAME COLUMN a TO b';
const CHANGE_RENAME = 'ALTER TABLE t CHANGE COLUMN a b INT';
const REORDER = 'ALTER TABLE t MODIFY COLUMN a INT FIRST';
const VARCHAR_WIDEN = 'ALTER TABLE t MODIFY COLUMN s VARCHAR(60)';
const VARCHAR_127_TO_300 = 'ALTER TABLE t MODIFY COLUMN l VARCHAR(300)';
const VARCHAR_200_TO_300 = 'ALTER TABLE t MODIFY COLUMN m VARCHAR(300)';
const ENUM_APPEND = "ALTER TABLE t MODIFY COLUMN e ENUM('a','b','c')";
const SET_DEFAULT = 'ALTER TABLE t ALTER COLUMN a SET DEFAULT 1';
const RENAME_TABLE = 'ALTER TABLE t RENAME TO u';
const ADD_INDEX = 'ALTER TABLE t ADD INDEX ix (a)';
const RENAME_INDEX = 'ALTER TABLE t RENAME INDEX ix TO iy';
const FUNCTIONAL_INDEX = 'ALTER TABLE t ADD INDEX fx ((a + 1))';
const INVISIBLE = 'ALTER TABLE t ALTER INDEX ix INVISIBLE';
const IGNORED = 'ALTER TABLE t ALTER INDEX ix IGNORED';
const TRUNCATE_PARTITION = 'ALTER TABLE t TRUNCATE PARTITION p0';

function plan(sql: string, s: Server, facts: PlanFacts = {}): AlterPlan {
  const dialect = s.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const parsed = parseAlter(sql, dialect);
  if (!parsed.ok) throw new Error(parsed.error);
  return planAlter(
    parsed.alter,
    { flavor: s.flavor, capabilities: capabilitiesFor(s.flavor, v(s.version)) },
    { columns: COLUMNS, ...facts },
  );
}

function outcome(sql: string, s: Server, facts: PlanFacts = {}): string {
  const p = plan(sql, s, facts);
  if (p.rejected !== null) return 'refused';
  if (p.certainty === 'unknown') return 'unknown';
  return `${p.algorithm} ${p.lock.toUpperCase()}`;
}

/** Every statement's outcome on `s`, as a record to compare whole. */
function outcomes(s: Server, sqls: readonly string[], facts: PlanFacts = {}) {
  return Object.fromEntries(sqls.map((sql) => [sql, outcome(sql, s, facts)]));
}

describe('MySQL 5.7 (manual 14.13.1: no ALGORITHM=INSTANT at all)', () => {
  const s = mysql('5.7.44');
  it('plans every column and index operation in place, never instant', () => {
    expect(
      outcomes(s, [
        ADD_LAST,
        ADD_AFTER,
        DROP,
        CHANGE_RENAME,
        VARCHAR_WIDEN,
        VARCHAR_127_TO_300,
        VARCHAR_200_TO_300,
        ENUM_APPEND,
        SET_DEFAULT,
        RENAME_TABLE,
        ADD_INDEX,
        RENAME_INDEX,
      ]),
    ).toEqual({
      // Adding / Dropping a column: In Place Yes, Rebuilds Table Yes, Concurrent DML Yes.
      [ADD_LAST]: 'inplace-rebuild NONE',
      [ADD_AFTER]: 'inplace-rebuild NONE',
      [DROP]: 'inplace-rebuild NONE',
      // Renaming a column: In Place Yes, Rebuilds No, Only Modifies Metadata Yes.
      [CHANGE_RENAME]: 'inplace NONE',
      // Extending VARCHAR column size: in place while the length bytes stay the same
      // (0-255 bytes: one); from under 256 bytes to 256 or more: ALGORITHM=COPY only.
      [VARCHAR_WIDEN]: 'inplace NONE',
      [VARCHAR_127_TO_300]: 'copy SHARED',
      [VARCHAR_200_TO_300]: 'copy SHARED',
      // Modifying the definition of an ENUM or SET column / Setting a column default value /
      // Renaming a table: In Place Yes, Only Modifies Metadata Yes.
      [ENUM_APPEND]: 'inplace NONE',
      [SET_DEFAULT]: 'inplace NONE',
      [RENAME_TABLE]: 'inplace NONE',
      // Creating a secondary index / Renaming an index: In Place Yes, Concurrent DML Yes.
      [ADD_INDEX]: 'inplace NONE',
      [RENAME_INDEX]: 'inplace NONE',
    });
    // ALGORITHM=INSTANT does not parse on 5.7: the clause is INPLACE.
    expect(plan(ADD_LAST, s).clause).toBe('ALGORITHM=INPLACE, LOCK=NONE');
    expect(plan(SET_DEFAULT, s).clause).toBe('ALGORITHM=INPLACE, LOCK=NONE');
  });

  it('refuses the syntax 5.7 does not have', () => {
    // RENAME COLUMN arrived in 8.0.3, invisible indexes in 8.0.0, functional key parts in 8.0.13.
    expect(outcomes(s, [RENAME_COLUMN, INVISIBLE, FUNCTIONAL_INDEX])).toEqual({
      [RENAME_COLUMN]: 'refused',
      [INVISIBLE]: 'refused',
      [FUNCTIONAL_INDEX]: 'refused',
    });
  });

  it('does not promise what only newer servers were seen doing', () => {
    // Partitioning Operations say TRUNCATE PARTITION is in place; MySQL 9.7 takes it instantly.
    // Neither is known for 5.7, so the plan does not promise INSTANT there.
    expect(outcome(TRUNCATE_PARTITION, s)).toBe('unknown');
    expect(plan(TRUNCATE_PARTITION, s).clause).toBeNull();
  });
});

describe('MySQL 8.0.11 | 8.0.12 (ALGORITHM=INSTANT from 8.0.12)', () => {
  const sqls = [
    ADD_LAST,
    ADD_AFTER,
    DROP,
    SET_DEFAULT,
    ENUM_APPEND,
    RENAME_TABLE,
    VARCHAR_WIDEN,
    ADD_INDEX,
    RENAME_INDEX,
  ];
  it('makes ADD COLUMN last, defaults, ENUM members and table renames instant', () => {
    expect(outcomes(mysql('8.0.11'), sqls)).toEqual({
      [ADD_LAST]: 'inplace-rebuild NONE',
      [ADD_AFTER]: 'inplace-rebuild NONE',
      [DROP]: 'inplace-rebuild NONE',
      [SET_DEFAULT]: 'inplace NONE',
      [ENUM_APPEND]: 'inplace NONE',
      [RENAME_TABLE]: 'inplace NONE',
      [VARCHAR_WIDEN]: 'inplace NONE',
      [ADD_INDEX]: 'inplace NONE',
      [RENAME_INDEX]: 'inplace NONE',
    });
    expect(outcomes(mysql('8.0.12'), sqls)).toEqual({
      // Adding a column: Instant Yes* (8.0.12-8.0.28: only as the last column).
      [ADD_LAST]: 'instant NONE',
      [ADD_AFTER]: 'inplace-rebuild NONE',
      // Dropping a column: Instant only from 8.0.29.
      [DROP]: 'inplace-rebuild NONE',
      // Setting a column default / Modifying ENUM or SET / Renaming a table: Instant Yes.
      [SET_DEFAULT]: 'instant NONE',
      [ENUM_APPEND]: 'instant NONE',
      [RENAME_TABLE]: 'instant NONE',
      // Extending VARCHAR column size / Creating an index / Renaming an index: Instant No.
      [VARCHAR_WIDEN]: 'inplace NONE',
      [ADD_INDEX]: 'inplace NONE',
      [RENAME_INDEX]: 'inplace NONE',
    });
    expect(plan(ADD_LAST, mysql('8.0.12')).clause).toBe('ALGORITHM=INSTANT');
  });
});

describe('MySQL 8.0.27 | 8.0.28 (instant column rename from 8.0.28)', () => {
  it('renames a column instantly only from 8.0.28, with RENAME COLUMN or CHANGE', () => {
    // Renaming a column: Instant Yes* ("ALGORITHM=INSTANT ... as of MySQL 8.0.28"), else in
    // place, metadata only.
    expect(outcomes(mysql('8.0.27'), [RENAME_COLUMN, CHANGE_RENAME, ADD_AFTER])).toEqual({
      [RENAME_COLUMN]: 'inplace NONE',
      [CHANGE_RENAME]: 'inplace NONE',
      [ADD_AFTER]: 'inplace-rebuild NONE',
    });
    expect(outcomes(mysql('8.0.28'), [RENAME_COLUMN, CHANGE_RENAME, ADD_AFTER])).toEqual({
      [RENAME_COLUMN]: 'instant NONE',
      [CHANGE_RENAME]: 'instant NONE',
      [ADD_AFTER]: 'inplace-rebuild NONE',
    });
  });
});

describe('MySQL 8.0.28 | 8.0.29 (instant ADD anywhere and DROP, 64 row versions)', () => {
  it('adds anywhere and drops instantly from 8.0.29; reordering stays a rebuild', () => {
    expect(outcomes(mysql('8.0.28'), [ADD_AFTER, DROP, REORDER])).toEqual({
      [ADD_AFTER]: 'inplace-rebuild NONE',
      [DROP]: 'inplace-rebuild NONE',
      [REORDER]: 'inplace-rebuild NONE',
    });
    expect(outcomes(mysql('8.0.29'), [ADD_AFTER, DROP, REORDER])).toEqual({
      // "From MySQL 8.0.29, an instantly added column can be added to any position";
      // Dropping a column: Instant Yes* (8.0.29).
      [ADD_AFTER]: 'instant NONE',
      [DROP]: 'instant NONE',
      // Reordering columns: Instant No, In Place Yes, Rebuilds Table Yes.
      [REORDER]: 'inplace-rebuild NONE',
    });
  });

  it('counts row versions only from 8.0.29, and rebuilds at 64', () => {
    // 8.0.28 has no TOTAL_ROW_VERSIONS (facts read it as null): ADD COLUMN last stays instant.
    expect(outcome(ADD_LAST, mysql('8.0.28'), { rowVersions: null })).toBe('instant NONE');
    // "Instantly added or dropped columns create a new row version. Up to 64 row versions are
    // permitted"; past them ALGORITHM=INSTANT fails and the table is rebuilt (INPLACE/COPY).
    expect(outcome(ADD_LAST, mysql('8.0.29'), { rowVersions: 63 })).toBe('instant NONE');
    expect(outcome(ADD_LAST, mysql('8.0.29'), { rowVersions: 64 })).toBe('inplace-rebuild NONE');
    expect(outcome(DROP, mysql('8.0.29'), { rowVersions: 64 })).toBe('inplace-rebuild NONE');
  });
});

describe('MySQL 8.4 LTS (the 8.0.29+ rules, 64 row versions)', () => {
  const s = mysql('8.4.6');
  it('plans as 8.0.29 does', () => {
    expect(
      outcomes(s, [ADD_AFTER, DROP, RENAME_COLUMN, VARCHAR_WIDEN, ADD_INDEX, RENAME_INDEX]),
    ).toEqual({
      [ADD_AFTER]: 'instant NONE',
      [DROP]: 'instant NONE',
      [RENAME_COLUMN]: 'instant NONE',
      // 8.4 manual 17.12.1: Extending VARCHAR / Renaming an index: Instant No, In Place Yes.
      [VARCHAR_WIDEN]: 'inplace NONE',
      [ADD_INDEX]: 'inplace NONE',
      [RENAME_INDEX]: 'inplace NONE',
    });
    expect(outcome(ADD_AFTER, s, { rowVersions: 64 })).toBe('inplace-rebuild NONE');
  });

  it('does not promise what only 9.7 was seen doing', () => {
    // No manual row covers functional key parts: seen on MySQL 9.7 only.
    expect(outcome(FUNCTIONAL_INDEX, s)).toBe('unknown');
  });
});

describe('MySQL 9.0 | 9.1 (255 row versions from 9.1.0)', () => {
  it('keeps adding instantly past 64 row versions from 9.1.0, up to 255', () => {
    // MySQL 9.1.0 raised the instant row-version limit from 64 to 255.
    expect(outcome(ADD_LAST, mysql('9.0.1'), { rowVersions: 64 })).toBe('inplace-rebuild NONE');
    expect(outcome(ADD_LAST, mysql('9.1.0'), { rowVersions: 64 })).toBe('instant NONE');
    expect(outcome(ADD_LAST, mysql('9.1.0'), { rowVersions: 254 })).toBe('instant NONE');
    expect(outcome(ADD_LAST, mysql('9.1.0'), { rowVersions: 255 })).toBe('inplace-rebuild NONE');
  });
});

describe('Percona Server 8.0 (follows MySQL 8.0)', () => {
  it('is told apart from MySQL yet planned by the same rules', () => {
    const detected = detectFlavor(
      '8.0.35-27',
      'Percona Server (GPL), Release 27, Revision 2f8eeab2',
    );
    expect(detected?.flavor).toBe('percona');
    const sqls = [ADD_LAST, ADD_AFTER, DROP, RENAME_COLUMN, VARCHAR_WIDEN, ADD_INDEX];
    const percona = { flavor: 'percona' as const, version: '8.0.35' };
    expect(outcomes(percona, sqls)).toEqual(outcomes(mysql('8.0.35'), sqls));
    expect(outcomes(percona, [ADD_AFTER, DROP])).toEqual({
      [ADD_AFTER]: 'instant NONE',
      [DROP]: 'instant NONE',
    });
    expect(outcome(ADD_LAST, percona, { rowVersions: 64 })).toBe('inplace-rebuild NONE');
  });
});

describe('MariaDB 10.3.1 | 10.3.6 | 10.3.7 (ALGORITHM=INSTANT and NOCOPY parse from 10.3.7)', () => {
  it('proposes INSTANT and NOCOPY only where they parse', () => {
    // 10.3.2 added columns instantly by itself (Instant ADD COLUMN, MDEV-11369) but the
    // INSTANT/NOCOPY keywords came with 10.3.7 (KB, InnoDB Online DDL Overview): before, the
    // plan keeps the in-place clause the server accepts.
    for (const version of ['10.3.1', '10.3.6']) {
      expect(outcome(ADD_LAST, mariadb(version))).toBe('inplace-rebuild NONE');
      expect(plan(ADD_LAST, mariadb(version)).clause).toBe('ALGORITHM=INPLACE, LOCK=NONE');
      expect(plan(ADD_INDEX, mariadb(version)).clause).toBe('ALGORITHM=INPLACE, LOCK=NONE');
      expect(outcome(CHANGE_RENAME, mariadb(version))).toBe('inplace NONE');
    }
    const s = mariadb('10.3.7');
    // KB INSTANT: ADD COLUMN (last column from 10.3.2); CHANGE COLUMN renaming only.
    expect(outcome(ADD_LAST, s)).toBe('instant NONE');
    expect(plan(ADD_LAST, s).clause).toBe('ALGORITHM=INSTANT');
    expect(outcome(CHANGE_RENAME, s)).toBe('instant NONE');
    // KB NOCOPY: ADD INDEX without a rebuild.
    expect(plan(ADD_INDEX, s).clause).toBe('ALGORITHM=NOCOPY, LOCK=NONE');
  });
});

describe('MariaDB 10.3 | 10.4 (instant DROP, reorder and ADD anywhere from 10.4, MDEV-15562)', () => {
  const sqls = [ADD_LAST, ADD_AFTER, DROP, REORDER, VARCHAR_WIDEN, ADD_INDEX];
  it('adds anywhere, drops and reorders instantly from 10.4', () => {
    expect(outcomes(mariadb('10.3.39'), sqls)).toEqual({
      [ADD_LAST]: 'instant NONE',
      // KB INPLACE: ADD / DROP COLUMN and reordering rebuild the table, concurrent DML allowed.
      [ADD_AFTER]: 'inplace-rebuild NONE',
      [DROP]: 'inplace-rebuild NONE',
      [REORDER]: 'inplace-rebuild NONE',
      // KB Online DDL Overview: a longer VARCHAR is a metadata change from 10.2.2; 10.4 lifted
      // "some unnecessary limitations for instantly extending VARCHAR" (10.4 blog), so 10.3 is
      // only promised no copy (NOCOPY).
      [VARCHAR_WIDEN]: 'inplace NONE',
      [ADD_INDEX]: 'inplace NONE',
    });
    expect(outcomes(mariadb('10.4.0'), sqls)).toEqual({
      [ADD_LAST]: 'instant NONE',
      // KB INSTANT: "In MariaDB 10.4 and later ... regardless of where in the column list";
      // DROP COLUMN and Reordering Columns: 10.4 and later.
      [ADD_AFTER]: 'instant NONE',
      [DROP]: 'instant NONE',
      [REORDER]: 'instant NONE',
      // KB INSTANT: a longer VARCHAR with the same number of length bytes.
      [VARCHAR_WIDEN]: 'instant NONE',
      // KB INSTANT: ADD INDEX fails "Try ALGORITHM=NOCOPY".
      [ADD_INDEX]: 'inplace NONE',
    });
  });
});

describe('MariaDB 10.4.2 | 10.4.3 (instant VARCHAR from <=127 to >=256 bytes, MDEV-15563)', () => {
  it('widens a short VARCHAR past 255 bytes instantly from 10.4.3, a 128-255 byte one never', () => {
    expect(outcomes(mariadb('10.4.2'), [VARCHAR_127_TO_300, VARCHAR_200_TO_300])).toEqual({
      [VARCHAR_127_TO_300]: 'copy SHARED',
      [VARCHAR_200_TO_300]: 'copy SHARED',
    });
    // KB INSTANT, Changing the Data Type of a Column: from 127 bytes or less to 256 or more
    // is instant (COMPACT/DYNAMIC/COMPRESSED, 10.4.3+); from 128-255 bytes it is not
    // ("Try ALGORITHM=COPY").
    expect(outcomes(mariadb('10.4.3'), [VARCHAR_127_TO_300, VARCHAR_200_TO_300])).toEqual({
      [VARCHAR_127_TO_300]: 'instant NONE',
      [VARCHAR_200_TO_300]: 'copy SHARED',
    });
  });
});

describe('MariaDB 10.5.1 | 10.5.2 (RENAME COLUMN and RENAME INDEX syntax, MDEV-16290, MDEV-7318)', () => {
  it('refuses the syntax before 10.5.2', () => {
    expect(outcomes(mariadb('10.4.34'), [RENAME_COLUMN, RENAME_INDEX])).toEqual({
      [RENAME_COLUMN]: 'refused',
      [RENAME_INDEX]: 'refused',
    });
    expect(outcomes(mariadb('10.5.1'), [RENAME_COLUMN, RENAME_INDEX])).toEqual({
      [RENAME_COLUMN]: 'refused',
      [RENAME_INDEX]: 'refused',
    });
    expect(plan(RENAME_COLUMN, mariadb('10.5.1')).rejected).toMatch(/10\.5\.2/);
  });

  it('renames columns instantly from 10.5.2; an index rename is only known from 10.11', () => {
    // KB INSTANT: renaming a column (RENAME COLUMN is CHANGE without the definition, MDEV-16290).
    // RENAME INDEX instant is not in the KB's INSTANT page: seen on 10.11 and 11.8 only.
    expect(outcomes(mariadb('10.5.2'), [RENAME_COLUMN, RENAME_INDEX])).toEqual({
      [RENAME_COLUMN]: 'instant NONE',
      [RENAME_INDEX]: 'unknown',
    });
  });
});

describe('MariaDB 10.5 | 10.6 (IGNORED indexes from 10.6.0)', () => {
  it('refuses IGNORED before 10.6, and does not promise its lock until 10.11', () => {
    // KB, Ignored Indexes: introduced in 10.6.0. How it runs is seen on 10.11 and 11.8 only.
    expect(outcome(IGNORED, mariadb('10.5.29'))).toBe('refused');
    expect(outcome(IGNORED, mariadb('10.6.0'))).toBe('unknown');
    expect(outcome(IGNORED, mariadb('10.6.24'))).toBe('unknown');
    // MariaDB writes IGNORED, never INVISIBLE.
    expect(outcome(INVISIBLE, mariadb('10.6.24'))).toBe('refused');
  });

  it('keeps the 10.4.3 instant rules on 10.6', () => {
    const s = mariadb('10.6.24');
    expect(outcomes(s, [ADD_AFTER, DROP, VARCHAR_127_TO_300, VARCHAR_200_TO_300])).toEqual({
      [ADD_AFTER]: 'instant NONE',
      [DROP]: 'instant NONE',
      [VARCHAR_127_TO_300]: 'instant NONE',
      [VARCHAR_200_TO_300]: 'copy SHARED',
    });
  });
});

describe('MariaDB 10.11 and 11.x (the versions the matrix checks)', () => {
  it('knows what the matrix saw on 10.11', () => {
    const s = mariadb('10.11.14');
    expect(outcomes(s, [RENAME_INDEX, IGNORED, ADD_AFTER, TRUNCATE_PARTITION])).toEqual({
      [RENAME_INDEX]: 'instant NONE',
      // Seen instant on 10.11 and 11.8 by the matrix (only the definition changes).
      [IGNORED]: 'instant NONE',
      [ADD_AFTER]: 'instant NONE',
      [TRUNCATE_PARTITION]: 'inplace NONE',
    });
  });

  it('says 11.8 refuses an unenforceable ALGORITHM when repartitioning, 11.4 does not', () => {
    const repartition = 'ALTER TABLE t PARTITION BY HASH(a) PARTITIONS 4';
    // Both copy every row (KB: PARTITION BY is a copy), online since 11.2 (KB, ALTER TABLE:
    // ALGORITHM=COPY with LOCK=NONE, MDEV-16329; seen on 11.8); 11.8 checks
    // ALGORITHM=INSTANT/NOCOPY against it (seen on 11.8), 11.4 takes the clause and copies anyway.
    expect(outcome(repartition, mariadb('11.4.8'))).toBe('copy NONE');
    expect(outcome(repartition, mariadb('11.8.3'))).toBe('copy NONE');
    expect(outcome(repartition, mariadb('10.11.14'))).toBe('copy SHARED');
    expect(plan(repartition, mariadb('11.4.8')).clauseNote).toMatch(/does not enforce/);
    expect(plan(repartition, mariadb('11.8.3')).clauseNote).toBeNull();
  });
});
