import { describe, expect, it } from 'vitest';
import {
  BINARY_CHARSET,
  COLUMN_FLAGS,
  columnTypeName,
  isBinaryColumn,
} from '../../../src/shared/query/column-type';

const UTF8MB4 = 255;

describe('columnTypeName', () => {
  it.each([
    [8, COLUMN_FLAGS.unsigned, BINARY_CHARSET, undefined, 'BIGINT UNSIGNED'],
    [3, 0, BINARY_CHARSET, undefined, 'INT'],
    [246, 0, BINARY_CHARSET, undefined, 'DECIMAL'],
    [253, 0, UTF8MB4, undefined, 'VARCHAR'],
    [253, 0, BINARY_CHARSET, undefined, 'VARBINARY'],
    [254, 0, BINARY_CHARSET, undefined, 'BINARY'],
    [254, COLUMN_FLAGS.enum, UTF8MB4, undefined, 'ENUM'],
    [252, COLUMN_FLAGS.blob, UTF8MB4, undefined, 'TEXT'],
    [252, COLUMN_FLAGS.blob, BINARY_CHARSET, undefined, 'BLOB'],
    [245, 0, BINARY_CHARSET, undefined, 'JSON'],
    [254, 0, BINARY_CHARSET, 'inet6', 'INET6'],
  ])('type %i flags %i charset %i (%s) → %s', (code, flags, charset, ext, name) => {
    expect(columnTypeName(code, flags, charset, ext)).toBe(name);
  });

  it('knows which columns hold bytes', () => {
    expect(isBinaryColumn(253, BINARY_CHARSET)).toBe(true);
    expect(isBinaryColumn(253, UTF8MB4)).toBe(false);
    expect(isBinaryColumn(16, BINARY_CHARSET)).toBe(true);
    expect(isBinaryColumn(8, BINARY_CHARSET)).toBe(false);
    expect(isBinaryColumn(245, BINARY_CHARSET)).toBe(false);
  });
});
