import { describe, expect, it } from 'vitest';
import { buildAlterStatement, formOperationSql } from '../../../src/shared/alter/alter-form';
import { parseAlter } from '../../../src/shared/alter/parse-alter';

describe('the ALTER form', () => {
  it('builds a statement the parser reads back into the same operations', () => {
    const sql = buildAlterStatement('shop', 'order`s', [
      { kind: 'add-column', name: 'note', definition: 'VARCHAR(40) NULL', after: 'id' },
      { kind: 'drop-column', name: 'old' },
      { kind: 'rename-column', name: 'a', newName: 'b' },
      { kind: 'modify-column', name: 'c', definition: 'BIGINT NOT NULL' },
      { kind: 'set-default', name: 'd', value: "'none'" },
      { kind: 'drop-default', name: 'e' },
      { kind: 'add-index', name: 'ix', columns: ['a', 'b'], unique: true },
      { kind: 'drop-index', name: 'iy' },
      {
        kind: 'add-foreign-key',
        name: 'fk',
        columns: ['p'],
        refTable: 'parent',
        refColumns: ['id'],
      },
      { kind: 'drop-foreign-key', name: 'fk0' },
      { kind: 'engine', value: 'InnoDB' },
      { kind: 'row-format', value: 'DYNAMIC' },
      { kind: 'convert-charset', charset: 'utf8mb4', collation: 'utf8mb4_0900_ai_ci' },
      { kind: 'force' },
      { kind: 'rename-table', newName: 'o2' },
    ]);
    expect(sql).toBe(
      "ALTER TABLE `shop`.`order``s` ADD COLUMN `note` VARCHAR(40) NULL AFTER `id`, DROP COLUMN `old`, RENAME COLUMN `a` TO `b`, MODIFY COLUMN `c` BIGINT NOT NULL, ALTER COLUMN `d` SET DEFAULT 'none', ALTER COLUMN `e` DROP DEFAULT, ADD UNIQUE INDEX `ix` (`a`, `b`), DROP INDEX `iy`, ADD CONSTRAINT `fk` FOREIGN KEY (`p`) REFERENCES `parent` (`id`), DROP FOREIGN KEY `fk0`, ENGINE=InnoDB, ROW_FORMAT=DYNAMIC, CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci, FORCE, RENAME TO `o2`",
    );
    const parsed = parseAlter(sql);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.alter.table).toBe('order`s');
    expect(parsed.alter.operations.map((o) => o.kind)).toEqual([
      'add-column',
      'drop-column',
      'rename-column',
      'modify-column',
      'set-default',
      'drop-default',
      'add-unique-index',
      'drop-index',
      'add-foreign-key',
      'drop-foreign-key',
      'engine',
      'row-format',
      'convert-charset',
      'force',
      'rename-table',
    ]);
  });

  it('refuses empty or unsafe fields with a plain message', () => {
    expect(() => buildAlterStatement('s', 't', [])).toThrow('add at least one change');
    expect(() => formOperationSql({ kind: 'add-column', name: 'x', definition: ' ' })).toThrow(
      'the new column needs a type',
    );
    expect(() => formOperationSql({ kind: 'engine', value: 'InnoDB; DROP TABLE x' })).toThrow(
      'the engine must be one word (letters, digits, _)',
    );
    expect(() => formOperationSql({ kind: 'add-index', name: 'i', columns: [] })).toThrow(
      'an index needs at least one column',
    );
  });
});
