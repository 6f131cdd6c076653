import { describe, expect, it } from 'vitest';
import {
  chunkDigestSql,
  digestIsWhole,
  keyRange,
  rowHashExpression,
} from '../../../src/shared/drift/checksum-sql';
import type { DriftTable } from '../../../src/shared/drift/drift-table';
import { fixLiteral, fixStatements, type FixValue } from '../../../src/shared/drift/fix-statements';
import { diffRows, keyText } from '../../../src/shared/drift/row-diff';

const table: DriftTable = {
  schema: 'shop',
  table: 'order items',
  key: { index: 'PRIMARY', columns: ['order_id', 'line'] },
  columns: [
    { name: 'order_id', dataType: 'bigint', charset: null, nullable: false, generated: false },
    { name: 'line', dataType: 'varchar', charset: 'utf8mb4', nullable: false, generated: false },
    { name: 'note', dataType: 'text', charset: 'latin1', nullable: true, generated: false },
    { name: 'blob', dataType: 'varbinary', charset: null, nullable: true, generated: false },
    { name: 'total', dataType: 'decimal', charset: null, nullable: true, generated: true },
  ],
};
const key = table.key!;

describe('key ranges', () => {
  it('writes a two-column range out so each server can use the index', () => {
    expect(keyRange(key, [5, 'b'], [9, 'a'])).toEqual({
      sql: '((`order_id` > ?) OR (`order_id` = ? AND `line` > ?)) AND ((`order_id` < ?) OR (`order_id` = ? AND `line` <= ?))',
      values: [5, 5, 'b', 9, 9, 'a'],
    });
    expect(keyRange(key, null, null)).toEqual({ sql: 'TRUE', values: [] });
    expect(() => keyRange(key, [1], null)).toThrow('a bound of 1 values for a key of 2');
  });
});

describe('row hashes', () => {
  it('hash strings as bytes with their lengths, numbers as text, a NULL bitmap, no generated column', () => {
    const sql = rowHashExpression(table);
    expect(sql).toBe(
      "SHA2(CONCAT_WS('#', `order_id`, LENGTH(`line`), CAST(`line` AS BINARY), LENGTH(`note`), CAST(`note` AS BINARY), LENGTH(`blob`), CAST(`blob` AS BINARY), CONCAT(ISNULL(`note`), ISNULL(`blob`))), 256)",
    );
  });
});

describe('chunk digests', () => {
  it('join the rows of the range through the key, hash the text once, say its length', () => {
    const q = chunkDigestSql(table, key, [5, 'b'], null);
    expect(q.sql).toBe(
      "SELECT cnt, COALESCE(SHA2(g, 256), '') AS h, COALESCE(LENGTH(g), 0) AS len FROM (" +
        "SELECT COUNT(*) AS cnt, GROUP_CONCAT(CONCAT_WS('#', `order_id`, LENGTH(`line`), CAST(`line` AS BINARY), LENGTH(`note`), CAST(`note` AS BINARY), LENGTH(`blob`), CAST(`blob` AS BINARY), CONCAT(ISNULL(`note`), ISNULL(`blob`))) SEPARATOR ';') AS g" +
        ' FROM `shop`.`order items` FORCE INDEX (`PRIMARY`)' +
        ' WHERE ((`order_id` > ?) OR (`order_id` = ? AND `line` > ?))) AS chunk',
    );
    expect(q.values).toEqual([5, 5, 'b']);
  });

  it('count a text that reached the limit, or came within a character of it, as cut', () => {
    expect(digestIsWhole(0, 1024)).toBe(true);
    expect(digestIsWhole(1020, 1024)).toBe(true);
    expect(digestIsWhole(1021, 1024)).toBe(false);
    expect(digestIsWhole(1024, 1024)).toBe(false);
  });
});

describe('row differences', () => {
  it('pairs rows by exact key bytes, whatever order the servers sorted them in', () => {
    const k = (id: string, line: string) => [{ text: id }, { text: line }];
    const source = [
      { key: k('1', 'a'), hash: 'h1' },
      { key: k('1', 'b'), hash: 'h2' },
      { key: k('2', 'a'), hash: 'h3' },
    ];
    const replica = [
      { key: k('2', 'a'), hash: 'h3' },
      { key: k('1', 'B'), hash: 'h2' },
      { key: k('1', 'a'), hash: 'hX' },
    ];
    expect(diffRows(source, replica)).toEqual([
      { kind: 'changed', key: k('1', 'a') },
      { kind: 'missing', key: k('1', 'b') },
      { kind: 'extra', key: k('1', 'B') },
    ]);
    expect(keyText([{ hex: '00ff' }])).not.toBe(keyText([{ text: '00ff' }]));
  });
});

describe('fix statements', () => {
  const column = (name: string) => table.columns.find((c) => c.name === name)!;

  it('write text as hex with its character set, binaries as hex, numbers bare', () => {
    expect(fixLiteral(column('line'), { hex: 'c3a9' })).toBe("_utf8mb4 X'C3A9'");
    expect(fixLiteral(column('note'), { hex: 'e9' })).toBe("_latin1 X'E9'");
    expect(fixLiteral(column('blob'), { hex: '00' })).toBe("X'00'");
    expect(fixLiteral(column('order_id'), { text: '18446744073709551615' })).toBe(
      '18446744073709551615',
    );
    expect(fixLiteral(column('line'), { text: "it's" })).toBe("'it''s'");
    expect(fixLiteral(column('note'), null)).toBe('NULL');
    expect(() => fixLiteral(column('blob'), { hex: 'zz' })).toThrow(/not hex/);
  });

  it('insert missing rows, delete extra ones, update changed ones, off the binary log', () => {
    const k = (id: string, line: string) => [{ text: id }, { text: line }];
    const row = new Map<string, FixValue>([
      ['order_id', { text: '7' }],
      ['line', { hex: '61' }],
      ['note', null],
      ['blob', { hex: 'ff' }],
    ]);
    const rows = new Map([
      [keyText(k('7', 'a')), row],
      [keyText(k('8', 'a')), new Map(row).set('order_id', { text: '8' })],
    ]);
    expect(
      fixStatements(
        table,
        key,
        [
          { kind: 'missing', key: k('7', 'a') },
          { kind: 'extra', key: k('9', 'z') },
          { kind: 'changed', key: k('8', 'a') },
        ],
        rows,
      ),
    ).toEqual([
      'SET SESSION sql_log_bin = 0',
      "INSERT INTO `shop`.`order items` (`order_id`, `line`, `note`, `blob`) VALUES (7, _utf8mb4 X'61', NULL, X'FF')",
      "DELETE FROM `shop`.`order items` WHERE `order_id` = 9 AND `line` = 'z' LIMIT 1",
      "UPDATE `shop`.`order items` SET `note` = NULL, `blob` = X'FF' WHERE `order_id` = 8 AND `line` = 'a' LIMIT 1",
    ]);
    expect(fixStatements(table, key, [], rows)).toEqual([]);
  });

  it('update and delete a row only while the replica still holds it as compared', () => {
    const k = (id: string, line: string) => [{ text: id }, { text: line }];
    const source = new Map([
      [
        keyText(k('8', 'a')),
        new Map<string, FixValue>([
          ['order_id', { text: '8' }],
          ['line', { hex: '61' }],
          ['note', { hex: '6f6b' }],
          ['blob', null],
        ]),
      ],
    ]);
    const replica = new Map([
      [
        keyText(k('8', 'a')),
        new Map<string, FixValue>([
          ['order_id', { text: '8' }],
          ['line', { hex: '61' }],
          ['note', null],
          ['blob', { hex: '0a' }],
        ]),
      ],
      [
        keyText(k('9', 'z')),
        new Map<string, FixValue>([
          ['order_id', { text: '9' }],
          ['line', { hex: '7a' }],
          ['note', { hex: '27' }],
          ['blob', null],
        ]),
      ],
    ]);
    const compared = table.columns.filter((c) => !c.generated);
    expect(
      fixStatements(
        table,
        key,
        [
          { kind: 'changed', key: k('8', 'a') },
          { kind: 'extra', key: k('9', 'z') },
        ],
        source,
        replica,
        compared,
      ),
    ).toEqual([
      'SET SESSION sql_log_bin = 0',
      // The key's columns are matched by the key; the others as read: bytes, or NULL.
      "UPDATE `shop`.`order items` SET `note` = _latin1 X'6F6B', `blob` = NULL WHERE `order_id` = 8 AND `line` = 'a' AND `note` IS NULL AND CAST(`blob` AS BINARY) = X'0A' LIMIT 1",
      "DELETE FROM `shop`.`order items` WHERE `order_id` = 9 AND `line` = 'z' AND CAST(`note` AS BINARY) = X'27' AND `blob` IS NULL LIMIT 1",
    ]);
    const badHex = new Map(replica).set(
      keyText(k('8', 'a')),
      new Map<string, FixValue>([['note', { hex: "' OR 1=1 --" }]]),
    );
    expect(() =>
      fixStatements(table, key, [{ kind: 'changed', key: k('8', 'a') }], source, badHex, compared),
    ).toThrow(/not hex/);
  });
});
