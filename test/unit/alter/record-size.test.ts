import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter, type PlanFacts } from '../../../src/shared/alter/plan-alter';
import {
  columnRecordBytes,
  maxRecordBytes,
  maxRecordBytesFor,
} from '../../../src/shared/alter/record-size';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import { v } from '../../../src/shared/server/version';

const col = (columnType: string, maxBytesPerChar: number | null = null, nullable = true) => ({
  name: 'c',
  columnType,
  nullable,
  maxBytesPerChar,
});

describe('the bytes a column may take in an InnoDB record', () => {
  it('counts fixed-size types by their size', () => {
    const sizes = ['tinyint', 'int', 'bigint', 'double', 'decimal(10,2)', 'datetime(6)', 'date'];
    expect(sizes.map((t) => columnRecordBytes(col(t)))).toEqual([1, 4, 8, 8, 5, 8, 3]);
  });

  it('counts strings of at most 255 bytes whole, longer ones as an off-page pointer', () => {
    expect(columnRecordBytes(col('char(255)', 1))).toBe(255);
    expect(columnRecordBytes(col('varchar(255)', 1))).toBe(256);
    // utf8mb4 VARCHAR(255) may take 1020 bytes: it can go off-page.
    expect(columnRecordBytes(col('varchar(255)', 4))).toBe(22);
    expect(columnRecordBytes(col('text', 4))).toBe(22);
    // A character set not known: the width that keeps the most bytes in the record.
    expect(columnRecordBytes(col('varchar(255)'))).toBe(256);
    expect(columnRecordBytes(col('varchar(60)'))).toBe(241);
  });

  it('adds the record header, NULL bitmap, transaction id and roll pointer', () => {
    // The wide-record shape of the matrix: 31 CHAR(255) latin1 and two INTs.
    const columns = [
      col('int', null, false),
      ...Array.from({ length: 31 }, () => col('char(255)', 1)),
      col('int'),
    ];
    expect(maxRecordBytes(columns)).toBe(4 + 31 * 255 + 4 + 5 + 4 + 13);
  });
});

describe('an instant ADD/DROP COLUMN near the record limit on MySQL', () => {
  const facts: PlanFacts = {
    columns: [
      col('int', null, false),
      ...Array.from({ length: 31 }, (_, k) => ({ ...col('char(255)', 1), name: `c${k}` })),
      { ...col('int'), name: 'a' },
    ],
  };
  const plan = (sql: string, flavor: 'mysql' | 'mariadb' = 'mysql', version = '9.7.4') => {
    const r = parseAlter(sql, flavor);
    if (!r.ok) throw new Error(r.error);
    return planAlter(r.alter, { flavor, capabilities: capabilitiesFor(flavor, v(version)) }, facts);
  };

  it('is unknown past the limit (MySQL 9.7 rebuilt), instant well within it', () => {
    const near = plan('ALTER TABLE t ADD COLUMN x VARCHAR(255)');
    expect(near.certainty).toBe('unknown');
    expect(near.operations[0]?.why).toMatch(/about 8192 bytes/);
    expect(plan('ALTER TABLE t ADD COLUMN x VARCHAR(255) CHARACTER SET utf8mb4').certainty).toBe(
      'known',
    );
    expect(plan('ALTER TABLE t ADD COLUMN x INT').algorithm).toBe('instant');
    expect(plan('ALTER TABLE t DROP COLUMN a').algorithm).toBe('instant');
  });

  it('weighs the limit of the server’s page size', () => {
    // MySQL 9.7's own figures (error 1118) for 4, 8, 16, 32 and 64 KiB pages.
    expect([4096, 8192, 16384, 32768, 65536].map(maxRecordBytesFor)).toEqual([
      1982, 4030, 8126, 16318, 16383,
    ]);
    expect(maxRecordBytesFor(null)).toBe(8126);
    const on = (innodbPageSize: number, sql: string) => {
      const r = parseAlter(sql, 'mysql');
      if (!r.ok) throw new Error(r.error);
      return planAlter(
        r.alter,
        { flavor: 'mysql', capabilities: capabilitiesFor('mysql', v('9.7.4')) },
        { ...facts, innodbPageSize },
      );
    };
    // About 8,000 bytes: within 64 KiB pages' limit, past 8 KiB pages' one.
    expect(on(65536, 'ALTER TABLE t ADD COLUMN x VARCHAR(255)').algorithm).toBe('instant');
    const small = on(8192, 'ALTER TABLE t ADD COLUMN x INT');
    expect(small.certainty).toBe('unknown');
    expect(small.operations[0]?.why).toMatch(/near or past InnoDB's limit of 4030 \(8 KiB pages\)/);
    // The shape that MySQL 9.7 with 4 KiB pages refused instantly at one byte more (error 4157).
    const four: PlanFacts = {
      columns: [
        col('int', null, false),
        ...Array.from({ length: 7 }, (_, k) => ({ ...col('char(255)', 1, false), name: `c${k}` })),
        { ...col('char(171)', 1, false), name: 'c' },
      ],
      innodbPageSize: 4096,
    };
    const r = parseAlter('ALTER TABLE t ADD COLUMN x INT NOT NULL DEFAULT 0', 'mysql');
    if (!r.ok) throw new Error(r.error);
    const p = planAlter(
      r.alter,
      { flavor: 'mysql', capabilities: capabilitiesFor('mysql', v('9.7.4')) },
      four,
    );
    expect(p.certainty).toBe('unknown');
    expect(p.operations[0]?.why).toMatch(/about 1982 bytes, near or past InnoDB's limit of 1982/);
  });

  it('is not MariaDB’s concern, nor before MySQL 8.0.29', () => {
    expect(plan('ALTER TABLE t ADD COLUMN x VARCHAR(255)', 'mariadb', '10.11.19').algorithm).toBe(
      'instant',
    );
    expect(plan('ALTER TABLE t ADD COLUMN x VARCHAR(255)', 'mysql', '8.0.28').certainty).toBe(
      'known',
    );
  });
});
