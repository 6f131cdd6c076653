import type mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { builtinFunctionNames } from '../../../src/shared/sql/builtin-functions';
import { testServers } from '../../servers/provided';
import { serverCases, withScratchDatabase } from './scratch-database';

// The classifier trusts `name(` to be harmless when the name is in the built-in list. Here each
// listed name is called in a database without stored functions: if the server looked for a
// stored function of that name (errors 1305/1630), one could be created and called there.

const LOOKED_FOR_STORED_FUNCTION = new Set([1305, 1630]);

async function looksForStoredFunction(
  connection: mysql.Connection,
  name: string,
): Promise<boolean> {
  for (const args of ['', '0']) {
    try {
      await connection.query(`SELECT ${name}(${args})`);
    } catch (error) {
      if (LOOKED_FOR_STORED_FUNCTION.has((error as { errno?: number }).errno ?? 0)) return true;
    }
  }
  return false;
}

describe.each(serverCases(testServers()))('%s', (_name, server, flavor) => {
  it(`never resolves a name of the ${flavor} built-in list to a stored function`, async () => {
    const names = [...builtinFunctionNames(flavor)];
    expect(names.length).toBeGreaterThan(700);
    const stored: string[] = [];
    await withScratchDatabase(server, async (scratch) => {
      const connection = await scratch.connect();
      // mysql2 sessions run with IGNORE_SPACE; check the servers' default as well.
      for (const mode of ["CONCAT(@@sql_mode, ',IGNORE_SPACE')", "''"]) {
        await connection.query(`SET SESSION sql_mode = ${mode}`);
        for (const name of names) {
          if (await looksForStoredFunction(connection, name)) stored.push(`${name} (${mode})`);
        }
      }
    });
    expect(stored).toEqual([]);
  });

  if (flavor === 'mysql')
    it('has no MD5() or SHA1() any more (MySQL 9.7)', async () => {
      await withScratchDatabase(server, async (scratch) => {
        const connection = await scratch.connect();
        expect(await looksForStoredFunction(connection, 'md5')).toBe(true);
        expect(await looksForStoredFunction(connection, 'sha1')).toBe(true);
      });
      expect(builtinFunctionNames('mysql').has('md5')).toBe(false);
    });
});
