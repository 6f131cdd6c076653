import { describe, expect, it } from 'vitest';
import {
  emptySchema,
  lintableText,
  lintMigration,
  orderMigrationFiles,
  parseLintTarget,
} from '../../../src/shared/lint';

const target = parseLintTarget('mysql-8.4')!;

/** Statement heads and their positions, as the lint reports them. */
function statementsOf(name: string, text: string) {
  const report = lintMigration([{ name, text }], { target, schema: emptySchema() });
  return {
    errors: report.errors,
    layout: report.files[0]?.layout,
    statements: report.statements.map((s) => `${s.line}:${s.column} ${s.head}`),
  };
}

describe('migration file layouts', () => {
  it('lints only the up part of a dbmate file, at its own lines', () => {
    const text = [
      '-- migrate:up',
      'CREATE TABLE a (id INT PRIMARY KEY);',
      '  ALTER TABLE a ADD COLUMN b INT;',
      '',
      '-- migrate:down',
      'DROP TABLE a;',
    ].join('\n');
    expect(statementsOf('20240101_a.sql', text)).toEqual({
      errors: [],
      layout: 'dbmate',
      statements: ['2:1 CREATE TABLE a (id INT PRIMARY KEY)', '3:3 ALTER TABLE a ADD COLUMN b INT'],
    });
  });

  it('skips goose Down sections and keeps StatementBegin bodies whole', () => {
    const text = [
      '-- +goose Up',
      '-- +goose StatementBegin',
      'CREATE TABLE a (id INT PRIMARY KEY);',
      '-- +goose StatementEnd',
      '-- +goose Down',
      'DROP TABLE a;',
    ].join('\n');
    const result = statementsOf('00002_a.sql', text);
    expect(result.layout).toBe('goose');
    expect(result.statements).toEqual(['3:1 CREATE TABLE a (id INT PRIMARY KEY)']);
  });

  it('reads Liquibase formatted SQL without its directives and rollbacks', () => {
    const text = [
      '--liquibase formatted sql',
      '',
      '--changeset alice:1',
      'CREATE TABLE a (id INT PRIMARY KEY);',
      '--rollback DROP TABLE a;',
      '',
      '--changeset alice:2',
      'ALTER TABLE a RENAME COLUMN id TO a_id;',
      '--rollback ALTER TABLE a RENAME COLUMN a_id TO id;',
    ].join('\n');
    const result = statementsOf('changelog.sql', text);
    expect(result).toMatchObject({ errors: [], layout: 'liquibase' });
    expect(result.statements).toEqual([
      '4:1 CREATE TABLE a (id INT PRIMARY KEY)',
      '8:1 ALTER TABLE a RENAME COLUMN id TO a_id',
    ]);
  });

  it('skips golang-migrate down files and Flyway undo scripts whole', () => {
    expect(lintableText('db/0002_x.down.sql', 'DROP TABLE a;')).toEqual({
      layout: 'golang-migrate-down',
      text: '',
    });
    expect(lintableText('U2__x.sql', 'DROP TABLE a;').text).toBe('');
    expect(lintableText('V2__x.sql', 'DROP TABLE a;')).toEqual({
      layout: 'flyway',
      text: 'DROP TABLE a;',
    });
  });

  it('keeps DELIMITER blocks and comments of plain (Rails/Django) SQL', () => {
    const text = [
      'BEGIN;',
      '--',
      '-- Add field flag to a',
      '--',
      "ALTER TABLE `a` ADD COLUMN `flag` bool DEFAULT b'0' NOT NULL;",
      'DELIMITER $$',
      'CREATE TRIGGER t BEFORE INSERT ON a FOR EACH ROW BEGIN SET NEW.flag = 1; END$$',
      'DELIMITER ;',
      'COMMIT;',
    ].join('\n');
    const result = statementsOf('0002_add_flag.sql', text);
    expect(result.errors).toEqual([]);
    expect(result.statements).toEqual([
      "5:1 ALTER TABLE `a` ADD COLUMN `flag` bool DEFAULT b'0' NOT NULL",
    ]);
  });

  it('orders versioned files by version, not by name', () => {
    const files = ['V10__c.sql', 'V2__b.sql', 'V1_1__a.sql'].map((name) => ({ name }));
    expect(orderMigrationFiles(files).map((f) => f.name)).toEqual([
      'V1_1__a.sql',
      'V2__b.sql',
      'V10__c.sql',
    ]);
    const mixed = [{ name: 'b.sql' }, { name: 'a.sql' }];
    expect(orderMigrationFiles(mixed)).toEqual(mixed);
  });

  it('reports text ending inside a string as an input error at its line and column', () => {
    const result = statementsOf(
      'V1__x.sql',
      "ALTER TABLE a ADD COLUMN b INT;\nALTER TABLE a COMMENT 'oops;\n",
    );
    expect(result.errors).toEqual([
      {
        file: 'V1__x.sql',
        line: 2,
        column: 23,
        message: 'unterminated string: the file ends inside it',
      },
    ]);
  });

  it('reports an ALTER TABLE it cannot read as an input error', () => {
    const result = statementsOf(
      'V1__x.sql',
      '\n\n  ALTER TABLE a ALGORITHM=FAST, ADD COLUMN b INT;',
    );
    expect(result.errors).toEqual([
      expect.objectContaining({
        line: 3,
        column: 3,
        message: expect.stringContaining('Unknown value'),
      }),
    ]);
  });
});
