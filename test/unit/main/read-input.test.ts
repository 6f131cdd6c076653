import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInputFile, stdinInput, stdinText } from '../../../src/main/cli/read-input';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'read-input-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('command inputs', () => {
  it('reads UTF-8 and UTF-16 files; refuses latin1 and missing files with the reason', async () => {
    const utf8 = path.join(dir, 'a.sql');
    await writeFile(utf8, "SELECT 'é';");
    expect(await readInputFile(utf8)).toEqual({ ok: true, text: "SELECT 'é';" });
    const utf16 = path.join(dir, 'b.sql');
    await writeFile(utf16, Buffer.from("\ufeffSELECT 'é';", 'utf16le'));
    expect(await readInputFile(utf16)).toEqual({ ok: true, text: "SELECT 'é';" });
    const latin1 = path.join(dir, 'c.sql');
    await writeFile(latin1, Buffer.from("SELECT 'caf\xe9';", 'latin1'));
    expect(await readInputFile(latin1)).toEqual({
      ok: false,
      reason:
        'the file is not UTF-8 text (byte 0xE9 at line 1, byte offset 11): convert it first, ' +
        'for example with `iconv -f latin1 -t utf-8`',
      line: 1,
    });
    expect(await readInputFile(path.join(dir, 'none.sql'))).toEqual({
      ok: false,
      reason: 'cannot read the file (ENOENT)',
    });
  });

  it('standard input: refused the same way, and read once however often it is asked for', async () => {
    expect(() => stdinText(new Uint8Array([0x61, 0xff]))).toThrow(
      'standard input is not UTF-8 text (byte 0xFF at line 1, byte offset 1)',
    );
    let reads = 0;
    const stdin = stdinInput({
      readStdin: () => {
        reads++;
        return Promise.reject(new Error('standard input is not UTF-8 text'));
      },
    });
    expect(await stdin()).toEqual({ ok: false, reason: 'standard input is not UTF-8 text' });
    expect(await stdin()).toEqual({ ok: false, reason: 'standard input is not UTF-8 text' });
    expect(reads).toBe(1);
  });
});
