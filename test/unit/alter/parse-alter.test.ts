import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';

function ops(sql: string, flavor: 'mysql' | 'mariadb' = 'mysql') {
  const r = parseAlter(sql, flavor);
  if (!r.ok) throw new Error(r.error);
  return r.alter;
}

describe('parseAlter', () => {
  it('reads the table, its schema and each clause with its text', () => {
    const a = ops(
      "ALTER TABLE `shop`.`order``s` ADD COLUMN note VARCHAR(20) NOT NULL DEFAULT 'a,b' AFTER id, DROP INDEX ix, ALGORITHM=INPLACE, LOCK=NONE;",
    );
    expect(a.schema).toBe('shop');
    expect(a.table).toBe('order`s');
    expect(a.head).toBe('ALTER TABLE `shop`.`order``s`');
    expect(a.algorithm).toBe('INPLACE');
    expect(a.lock).toBe('NONE');
    expect(a.operations).toEqual([
      {
        kind: 'add-column',
        text: "ADD COLUMN note VARCHAR(20) NOT NULL DEFAULT 'a,b' AFTER id",
        column: 'note',
        definition: "VARCHAR(20) NOT NULL DEFAULT 'a,b'",
        position: { at: 'after', column: 'id' },
      },
      { kind: 'drop-index', text: 'DROP INDEX ix', index: 'ix' },
    ]);
  });

  it('classifies every kind of clause', () => {
    const sql = [
      'ALTER ONLINE IGNORE TABLE t ADD x INT FIRST',
      'ADD (y INT, z INT)',
      'DROP COLUMN IF EXISTS b',
      'DROP c',
      'RENAME COLUMN d TO e',
      'CHANGE COLUMN f g BIGINT',
      'MODIFY h TEXT',
      'ALTER COLUMN i SET DEFAULT 5',
      'ALTER j DROP DEFAULT',
      'ADD INDEX ix (a)',
      'ADD UNIQUE KEY ux (a)',
      'ADD FULLTEXT fx (b)',
      'ADD SPATIAL INDEX sx (g)',
      'ADD CONSTRAINT pk PRIMARY KEY (id)',
      'DROP PRIMARY KEY',
      'RENAME INDEX a TO b',
      'ALTER INDEX ix INVISIBLE',
      'ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES p (id)',
      'DROP FOREIGN KEY fk',
      'ADD CHECK (a > 0)',
      'DROP CONSTRAINT ck',
      'RENAME TO t2',
      'ENGINE=InnoDB ROW_FORMAT DYNAMIC',
      'CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      'DEFAULT CHARSET=latin1',
      "COMMENT = 'it''s'",
      'AUTO_INCREMENT=10',
      'KEY_BLOCK_SIZE=8',
      'FORCE',
      'ORDER BY a',
    ].join(', ');
    const a = ops(sql);
    expect(a.head).toBe('ALTER ONLINE IGNORE TABLE t');
    expect(a.operations.map((o) => o.kind)).toEqual([
      'add-column',
      'add-column',
      'drop-column',
      'drop-column',
      'rename-column',
      'change-column',
      'modify-column',
      'set-default',
      'drop-default',
      'add-index',
      'add-unique-index',
      'add-fulltext-index',
      'add-spatial-index',
      'add-primary-key',
      'drop-primary-key',
      'rename-index',
      'index-visibility',
      'add-foreign-key',
      'drop-foreign-key',
      'add-check',
      'drop-constraint',
      'rename-table',
      'engine',
      'row-format',
      'convert-charset',
      'default-charset',
      'table-comment',
      'auto-increment',
      'table-option',
      'force',
      'order-by',
    ]);
    const by = (k: string) => a.operations.find((o) => o.kind === k);
    expect(by('drop-column')?.column).toBe('b');
    expect(by('rename-column')).toMatchObject({ column: 'd', newName: 'e' });
    expect(by('change-column')).toMatchObject({ column: 'f', newName: 'g', definition: 'BIGINT' });
    expect(by('add-unique-index')?.index).toBe('ux');
    expect(by('add-foreign-key')?.index).toBe('fk');
    expect(by('rename-table')?.newName).toBe('t2');
    expect(by('engine')).toMatchObject({ text: 'ENGINE=InnoDB', value: 'InnoDB' });
    expect(by('row-format')).toMatchObject({ text: 'ROW_FORMAT DYNAMIC', value: 'DYNAMIC' });
    expect(by('convert-charset')?.value).toBe('utf8mb4');
    expect(by('table-comment')?.value).toBe("it's");
    expect(a.operations[0]?.position).toEqual({ at: 'first' });
  });

  it('splits partition clauses, which follow without a comma', () => {
    const a = ops('ALTER TABLE t ADD COLUMN x INT PARTITION BY HASH (id) PARTITIONS 4');
    expect(a.operations.map((o) => [o.kind, o.text])).toEqual([
      ['add-column', 'ADD COLUMN x INT'],
      ['partition-by', 'PARTITION BY HASH (id) PARTITIONS 4'],
    ]);
    expect(ops('ALTER TABLE t REMOVE PARTITIONING').operations[0]?.kind).toBe(
      'remove-partitioning',
    );
    expect(
      ops(
        'ALTER TABLE t REORGANIZE PARTITION p1 INTO (PARTITION a VALUES LESS THAN (5), PARTITION b VALUES LESS THAN (9))',
      ).operations.map((o) => o.kind),
    ).toEqual(['reorganize-partition']);
    expect(
      ops('ALTER TABLE t ADD PARTITION (PARTITION p2 VALUES LESS THAN (300))').operations[0]?.kind,
    ).toBe('add-partition');
    expect(
      ops('ALTER TABLE t DROP PARTITION p1, p2, ADD COLUMN x INT').operations.map((o) => o.kind),
    ).toEqual(['drop-partition', 'add-column']);
    expect(
      ops(
        'ALTER TABLE t REORGANIZE PARTITION p0, p1 INTO (PARTITION a VALUES LESS THAN (5))',
      ).operations.map((o) => o.text),
    ).toEqual(['REORGANIZE PARTITION p0, p1 INTO (PARTITION a VALUES LESS THAN (5))']);
    expect(ops('ALTER TABLE t TRUNCATE PARTITION p0').operations[0]?.kind).toBe(
      'truncate-partition',
    );
  });

  it('keeps what it does not know as unknown, and refuses what is not an ALTER TABLE', () => {
    expect(ops('ALTER TABLE t DISCARD TABLESPACE').operations[0]?.kind).toBe('unknown');
    expect(parseAlter('SELECT 1')).toEqual({ ok: false, error: 'The statement is not an ALTER.' });
    expect(parseAlter('ALTER TABLE t FORCE; DROP TABLE t')).toEqual({
      ok: false,
      error: 'One ALTER TABLE at a time: the text holds more than one statement.',
    });
    expect(parseAlter("ALTER TABLE t COMMENT = 'a;b';").ok).toBe(true);
    expect(parseAlter('ALTER VIEW v AS SELECT 1')).toEqual({
      ok: false,
      error: 'Only ALTER TABLE statements can be planned here.',
    });
    expect(parseAlter('ALTER TABLE t')).toEqual({
      ok: false,
      error: 'The ALTER TABLE says nothing to change.',
    });
    expect(parseAlter('ALTER TABLE t ADD x INT, , DROP y')).toEqual({
      ok: false,
      error: 'Two commas follow each other.',
    });
    expect(parseAlter('ALTER TABLE t FORCE, ALGORITHM=FAST')).toEqual({
      ok: false,
      error: 'Unknown value in “ALGORITHM=FAST”.',
    });
  });

  it('ignores comments and reads executable comments as SQL', () => {
    const a = ops(
      'ALTER /* why */ TABLE t -- here\n ADD COLUMN x INT /*!80000 , ALGORITHM=INSTANT */',
    );
    expect(a.operations).toHaveLength(1);
    expect(a.algorithm).toBe('INSTANT');
  });
});
