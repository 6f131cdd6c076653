import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../../src/shared/sql/split-statements';
import { testServers } from '../../servers/provided';
import {
  expectedRows,
  FIXTURES,
  readFixture,
  withCrlf,
  withoutDelimiterCommands,
} from '../../unit/sql/fixtures/fixtures';
import { rowsOf, serverCases, withScratchDatabase } from './scratch-database';

// The splitter is right when the server accepts every piece on its own: each fixture script
// runs statement by statement (multipleStatements off) in a scratch database, every statement
// must succeed, and `-- expect:` comments check that the objects work (procedures called,
// triggers fired, strings intact).

const VARIANTS: Array<[string, (text: string) => string, (file: string) => boolean]> = [
  ['LF', (text) => text, () => true],
  ['CRLF', withCrlf, () => true],
  ['without DELIMITER', withoutDelimiterCommands, (file) => file === 'dump.sql'],
];

/** CRLF in a script puts CRLF in multi-line string literals too. */
const sameLines = (rows: unknown[][]) =>
  rows.map((row) => row.map((v) => (typeof v === 'string' ? v.replaceAll('\r\n', '\n') : v)));

describe.each(serverCases(testServers()))('%s', (_name, server, flavor) => {
  const fixtures = FIXTURES.filter((f) => f.flavors.includes(flavor));
  const cases = fixtures.flatMap((fixture) =>
    VARIANTS.filter(([, , applies]) => applies(fixture.file)).map(
      ([variant, transform]) => [fixture.file, variant, fixture, transform] as const,
    ),
  );

  it.each(cases)(
    '%s (%s) runs statement by statement',
    async (_file, variant, fixture, transform) => {
      const text = transform(readFixture(fixture.file));
      const statements = splitStatements(text, { ...fixture.options, flavor });
      expect(statements).toHaveLength(fixture.statements);
      let checked = 0;
      await withScratchDatabase(server, async (scratch) => {
        const connection = await scratch.connect();
        if (fixture.sqlMode) {
          await connection.query(
            `SET SESSION sql_mode = CONCAT(@@sql_mode, ',${fixture.sqlMode}')`,
          );
        }
        let previousEnd = 0;
        for (const statement of statements) {
          const gap = text.slice(previousEnd, statement.start);
          previousEnd = statement.end;
          const where = `${fixture.file}:${statement.line} (${variant}): ${statement.text}`;
          const [result] = await connection
            .query({ sql: statement.text, rowsAsArray: true })
            .catch((error: Error) => {
              throw new Error(`${where}\n  failed: ${error.message}`);
            });
          const expected = expectedRows(gap);
          if (expected) {
            const rows = rowsOf(result);
            if (variant === 'CRLF') expect(sameLines(rows), where).toEqual(sameLines(expected));
            else expect(rows, where).toEqual(expected);
            checked++;
          }
        }
      });
      // Every `-- expect:` of the script was found before its statement and checked.
      expect(checked).toBe((text.match(/^-- expect: /gm) ?? []).length);
    },
  );
});
