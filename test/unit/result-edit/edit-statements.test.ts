import { describe, expect, it } from 'vitest';
import type { EditTarget } from '../../../src/shared/result-edit/edit-model';
import { buildEditStatements, sqlLiteral } from '../../../src/shared/result-edit/edit-statements';

const BACKSLASH = { noBackslashEscapes: false };
const NO_BACKSLASH = { noBackslashEscapes: true };

const target: EditTarget = {
  editable: true,
  schema: 'shop',
  table: 'order`s',
  key: { name: 'PRIMARY', columns: [0], names: ['id'] },
  columns: [
    { editable: true, name: 'id', dataType: 'bigint' },
    { editable: true, name: 'note', dataType: 'varchar' },
    { editable: true, name: 'price', dataType: 'decimal' },
    { editable: true, name: 'raw', dataType: 'varbinary' },
    { editable: true, name: 'doc', dataType: 'json' },
    { editable: false, reason: 'an expression, not a table column' },
  ],
};

describe('sqlLiteral', () => {
  it('writes NULL apart from the empty string', () => {
    expect(sqlLiteral(null, 'varchar', BACKSLASH)).toBe('NULL');
    expect(sqlLiteral({ text: '' }, 'varchar', BACKSLASH)).toBe("''");
    expect(sqlLiteral({ text: 'NULL' }, 'varchar', BACKSLASH)).toBe("'NULL'");
  });

  it('doubles quotes in both modes, escapes backslashes only where they escape', () => {
    expect(sqlLiteral({ text: "O'Brien" }, 'varchar', BACKSLASH)).toBe("'O''Brien'");
    expect(sqlLiteral({ text: "O'Brien" }, 'varchar', NO_BACKSLASH)).toBe("'O''Brien'");
    expect(sqlLiteral({ text: 'C:\\temp\\' }, 'varchar', BACKSLASH)).toBe("'C:\\\\temp\\\\'");
    expect(sqlLiteral({ text: 'C:\\temp\\' }, 'varchar', NO_BACKSLASH)).toBe("'C:\\temp\\'");
    // A backslash before a quote cannot end the literal early in either mode.
    expect(sqlLiteral({ text: "\\'; DROP TABLE t; --" }, 'text', BACKSLASH)).toBe(
      "'\\\\''; DROP TABLE t; --'",
    );
    expect(sqlLiteral({ text: "\\'; DROP TABLE t; --" }, 'text', NO_BACKSLASH)).toBe(
      "'\\''; DROP TABLE t; --'",
    );
    expect(sqlLiteral({ text: 'a\nb\0' }, 'text', BACKSLASH)).toBe("'a\\nb\\0'");
  });

  it('keeps numbers exact: bare when they are numbers, quoted when not', () => {
    expect(sqlLiteral({ text: '18446744073709551615' }, 'bigint', BACKSLASH)).toBe(
      '18446744073709551615',
    );
    expect(sqlLiteral({ text: '-12345678901234567890.123456789' }, 'decimal', BACKSLASH)).toBe(
      '-12345678901234567890.123456789',
    );
    expect(sqlLiteral({ text: '1.5e-7' }, 'double', BACKSLASH)).toBe('1.5e-7');
    // Not a number: the server judges it (and strict mode refuses it) rather than us guessing.
    expect(sqlLiteral({ text: '12 OR 1=1' }, 'int', BACKSLASH)).toBe("'12 OR 1=1'");
    expect(sqlLiteral({ text: '' }, 'int', BACKSLASH)).toBe("''");
    // A number in a text column stays text.
    expect(sqlLiteral({ text: '007' }, 'varchar', BACKSLASH)).toBe("'007'");
  });

  it('writes dates, JSON and emoji as string literals, bytes as X', () => {
    expect(sqlLiteral({ text: '2024-02-29 23:59:59.999999' }, 'datetime', BACKSLASH)).toBe(
      "'2024-02-29 23:59:59.999999'",
    );
    expect(sqlLiteral({ text: '{"a": "x\\"y"}' }, 'json', BACKSLASH)).toBe('\'{"a": "x\\\\"y"}\'');
    expect(sqlLiteral({ text: 'café 😀' }, 'varchar', BACKSLASH)).toBe("'café 😀'");
    expect(sqlLiteral({ hex: '00ff7f' }, 'varbinary', BACKSLASH)).toBe("X'00FF7F'");
    expect(sqlLiteral({ hex: '' }, 'blob', BACKSLASH)).toBe("X''");
  });

  it('writes BIT values as unsigned integers, which MariaDB compares with a BIT column', () => {
    // MariaDB reads `b <=> X'01'` as a DECIMAL comparison and strict mode refuses the update.
    expect(sqlLiteral({ hex: '01' }, 'bit', BACKSLASH)).toBe('1');
    expect(sqlLiteral({ hex: '0000' }, 'bit', BACKSLASH)).toBe('0');
    expect(sqlLiteral({ hex: 'ffffffffffffffff' }, 'bit', BACKSLASH)).toBe('18446744073709551615');
    expect(sqlLiteral({ hex: '8000000000000001' }, 'bit', BACKSLASH)).toBe('9223372036854775809');
  });

  it('refuses text that is not well-formed UTF-16', () => {
    expect(() => sqlLiteral({ text: 'a\uD800' }, 'varchar', BACKSLASH)).toThrow(/lone surrogate/);
  });
});

describe('buildEditStatements', () => {
  const original = [
    { text: '18446744073709551615' },
    { text: "it's" },
    { text: '1.10' },
    { hex: '00' },
    { text: '{}' },
    { text: 'x' },
  ] as const;

  it('updates by key and the changed columns as they were read, one row at most', () => {
    const [sql] = buildEditStatements(
      target,
      [
        {
          op: 'update',
          original: [...original],
          values: [
            { column: 1, value: null },
            { column: 4, value: { text: '{"b": 2}' } },
          ],
        },
      ],
      BACKSLASH,
    );
    // JSON is not compared: a JSON column compared with a string compares a JSON string.
    expect(sql).toBe(
      'UPDATE `shop`.`order``s` SET `note` = NULL, `doc` = \'{"b": 2}\' ' +
        "WHERE `id` = 18446744073709551615 AND `note` <=> 'it''s' LIMIT 1",
    );
  });

  it('compares a NULL that was read with <=>, and leaves out values only partly read', () => {
    const [a, b] = buildEditStatements(
      target,
      [
        {
          op: 'update',
          original: [{ text: '1' }, null, null, null, null, null],
          values: [{ column: 1, value: { text: '' } }],
        },
        {
          op: 'update',
          original: [{ text: '2' }, 'unknown', null, null, null, null],
          values: [{ column: 1, value: { text: 'y' } }],
        },
      ],
      BACKSLASH,
    );
    expect(a).toBe(
      "UPDATE `shop`.`order``s` SET `note` = '' WHERE `id` = 1 AND `note` <=> NULL LIMIT 1",
    );
    expect(b).toBe("UPDATE `shop`.`order``s` SET `note` = 'y' WHERE `id` = 2 LIMIT 1");
  });

  it('deletes by key and inserts the given columns', () => {
    expect(
      buildEditStatements(
        target,
        [
          { op: 'delete', original: [...original] },
          {
            op: 'insert',
            values: [
              { column: 1, value: { text: 'new' } },
              { column: 3, value: { hex: 'cafe' } },
            ],
          },
          { op: 'insert', values: [] },
        ],
        NO_BACKSLASH,
      ),
    ).toEqual([
      'DELETE FROM `shop`.`order``s` WHERE `id` = 18446744073709551615 LIMIT 1',
      "INSERT INTO `shop`.`order``s` (`note`, `raw`) VALUES ('new', X'CAFE')",
      'INSERT INTO `shop`.`order``s` () VALUES ()',
    ]);
  });

  it('refuses a change to a column that is not editable, a key without a value, a row of the wrong width', () => {
    expect(() =>
      buildEditStatements(
        target,
        [{ op: 'insert', values: [{ column: 5, value: null }] }],
        BACKSLASH,
      ),
    ).toThrow('Column 6 cannot be changed: an expression, not a table column.');
    expect(() =>
      buildEditStatements(
        target,
        [{ op: 'delete', original: ['unknown', null, null, null, null, null] }],
        BACKSLASH,
      ),
    ).toThrow('Row 1: its key column id has no known value.');
    expect(() =>
      buildEditStatements(
        target,
        [{ op: 'delete', original: [null, null, null, null, null, null] }],
        BACKSLASH,
      ),
    ).toThrow('Row 1: its key column id has no known value.');
    expect(() =>
      buildEditStatements(target, [{ op: 'delete', original: [{ text: '1' }] }], BACKSLASH),
    ).toThrow('Row 1: 1 original values for 6 columns.');
  });
});
