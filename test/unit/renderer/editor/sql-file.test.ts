import { describe, expect, it } from 'vitest';
import { readSqlFile } from '../../../../src/renderer/editor/sql-file';

const fileOf = (bytes: number[] | Buffer, name = 'q.sql') =>
  new File([new Uint8Array(bytes)], name);

describe('readSqlFile', () => {
  it('reads UTF-8, dropping its byte-order mark', async () => {
    const text = "INSERT INTO t VALUES ('café');";
    expect(await readSqlFile(fileOf(Buffer.from(`\ufeff${text}`, 'utf8')))).toBe(text);
    expect(await readSqlFile(fileOf(Buffer.from(text, 'utf8')))).toBe(text);
  });

  it('reads UTF-16 by its byte-order mark', async () => {
    expect(await readSqlFile(fileOf(Buffer.from('\ufeffSELECT "é";', 'utf16le')))).toBe(
      'SELECT "é";',
    );
    const be = Buffer.from('\ufeffSELECT 1;', 'utf16le').swap16();
    expect(await readSqlFile(fileOf(be))).toBe('SELECT 1;');
  });

  it('refuses a latin1 file rather than turn its letters into U+FFFD', async () => {
    const latin1 = fileOf(Buffer.from("INSERT INTO t VALUES ('caf\xe9');", 'latin1'), 'old.sql');
    await expect(readSqlFile(latin1)).rejects.toThrow(
      'old.sql is not UTF-8 text (byte 0xE9 at line 1, byte offset 26), so opening it here would change its characters.',
    );
  });
});
