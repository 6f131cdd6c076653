import { spawnSync } from 'node:child_process';
import type mysql from 'mysql2/promise';
import { describe, expect, it, onTestFinished } from 'vitest';
import { seededRandom } from '../../seeded-random';
import { classifyStatement } from '../../../src/shared/sql/classify-statement';
import { formatSql } from '../../../src/shared/sql/format-sql';
import { isSignificant, tokenize, type SqlFlavor } from '../../../src/shared/sql/lexer';
import { maskSecrets } from '../../../src/shared/sql/mask-secrets';
import { splitStatements } from '../../../src/shared/sql/split-statements';
import { statementAt } from '../../../src/shared/sql/statement-at';
import { connectTo, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import {
  CLIENT_SCRIPTS,
  FORMAT_STATEMENTS,
  SECRET_STATEMENTS,
  SECRET_STATEMENTS_REFUSED,
  type CorpusScript,
} from './sql-text-corpus';
import { rowsOf, withScratchDatabase } from './scratch-database';

// What the editor sends must be what the user wrote. The oracles are the real clients and
// servers: (b) the statements mysql/mariadb send for a script, read from the server's general
// log, against splitStatements; (c) the statement at every cursor position is one of them;
// (a) Format SQL changes no statement's digest (MySQL) nor any query's rows or error; (d) masking hides
// every password form the servers accept and nothing else.

/**
 * A statement as the server reads it, to compare what the client sent with what we send: its
 * tokens without whitespace (the clients drop `\r` and put a space after a comment) and
 * without the comments before and after it, which the clients and the splitter place
 * differently. Comments inside stay: an optimizer hint is one.
 */
function reading(text: string, flavor: SqlFlavor): string[] {
  const tokens = tokenize(text, { flavor }).filter((t) => t.kind !== 'whitespace');
  const first = tokens.findIndex(isSignificant);
  if (first === -1) return [];
  const last = tokens.length - 1 - [...tokens].reverse().findIndex(isSignificant);
  return tokens
    .slice(first, last + 1)
    .map((t) => text.slice(t.start, t.end))
    .map((t) => t.trimEnd());
}

/**
 * The statements the server's command-line client sends for `script`, as the general log saw
 * them (the server logs with log_output=TABLE; MySQL with log_raw, so that statements with
 * syntax errors are logged too).
 */
async function clientStatements(server: RunningServer, script: string): Promise<string[]> {
  const client = server.installation.client;
  if (!client) throw new Error(`no command-line client for ${server.kind}`);
  const marker = `sightline oracle ${Math.random().toString(36).slice(2)}`;
  const args = [
    ...client.slice(1),
    '-h127.0.0.1',
    `-P${server.port}`,
    '-uroot',
    '--comments',
    '--force',
    ...(server.kind === 'mysql' ? ['--ssl-mode=DISABLED', '--commands=ON'] : ['--skip-ssl']),
    'oracle',
  ];
  const run = spawnSync(client[0]!, args, {
    input: `SELECT '${marker}';\n${script}`,
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  return withConnection(server, async (c) => {
    const [rows] = await c.query<mysql.RowDataPacket[]>(
      "SELECT thread_id, CONVERT(argument USING utf8mb4) AS sql_text FROM mysql.general_log WHERE command_type = 'Query'",
    );
    const at = rows.findIndex((r) => r.sql_text === `SELECT '${marker}'`);
    expect(at, `the marker was logged; client said: ${run.stderr}`).toBeGreaterThanOrEqual(0);
    const thread = rows[at]!.thread_id as number;
    return rows
      .slice(at + 1)
      .filter((r) => r.thread_id === thread)
      .map((r) => String(r.sql_text));
  });
}

const STATEMENT_PIECES = [
  "SELECT 'a;b'",
  'SELECT `c;d` FROM (SELECT 1 `c;d`) t',
  'SELECT 1 /* ; */',
  'SELECT 2 --x',
  "SELECT 'it''s', \"q\\\"\"",
  'SELECT 3 /*!80000 , 4 */',
  'SELECT 5 /*M!100500 , 6 */',
  "SELECT _utf8mb4'x', X'3B', 0x3B",
];
const ENDINGS = [';', ';\n', ' ;\r\n', '\\G\n', '\\g', ';\t-- c;\n', '; # h\n', '; /* c; */\n'];

/** Statements of the corpus joined in random order with random endings and spaces. */
function randomScript(seed: number): string {
  const next = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  let out = '';
  for (let i = 0; i < 12; i++) out += pick(STATEMENT_PIECES) + pick(ENDINGS);
  return out;
}

describe.each([
  ['MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', 'mariadb'],
] as const)('%s: splitting as the command-line client does', (_name, flavor) => {
  const server = useDedicatedServer(flavor, {
    extraArgs: [
      '--general-log=ON',
      '--log-output=TABLE',
      ...(flavor === 'mysql' ? ['--log-raw=ON'] : []),
    ],
  });

  const expectAsClient = async (script: CorpusScript, label: string) => {
    await withConnection(server(), (c) => c.query('CREATE DATABASE IF NOT EXISTS oracle'));
    const sent = (await clientStatements(server(), script.text))
      .map((s) => reading(s, flavor))
      .filter((tokens) => tokens.length > 0);
    const ours = splitStatements(script.text, { flavor });
    expect(
      ours.map((s) => reading(s.text, flavor)),
      label,
    ).toEqual(sent);
    // (c) Every cursor position picks one of them: the one it is in, or the one before.
    for (let offset = 0; offset <= script.text.length; offset++) {
      const picked = statementAt(ours, offset);
      const inside = ours.find((s) => s.start <= offset && offset <= s.end);
      if (inside) expect(picked, `${label} at ${offset}`).toBe(inside);
      else expect(ours.includes(picked!), `${label} at ${offset}`).toBe(true);
    }
  };

  it.each(
    CLIENT_SCRIPTS.filter((s) => (s.flavors ?? [flavor]).includes(flavor)).map((s) => [s.name, s]),
  )('%s', async (name, script) => {
    await expectAsClient(script, name);
  });

  it('random mixes of the corpus (seeded)', async () => {
    const seed = Number(process.env.SIGHTLINE_ORACLE_SEED ?? Date.now() % 100000);
    console.log(`sql-text oracle (${flavor}): seed ${seed} (SIGHTLINE_ORACLE_SEED to replay)`);
    for (let i = 0; i < 4; i++) {
      await expectAsClient({ name: 'random', text: randomScript(seed + i) }, `seed ${seed + i}`);
    }
  });

  it('masks every password form the server accepts, and nothing else', async () => {
    const forms = [...SECRET_STATEMENTS, ...SECRET_STATEMENTS_REFUSED].filter((s) =>
      s.flavors.includes(flavor),
    );
    await withConnection(server(), async (c) => {
      for (const { sql } of forms) {
        const accepted = await c.query(sql).then(
          () => true,
          (error: { errno?: number }) => error.errno !== 1064,
        );
        expect(accepted, `the server parses: ${sql}`).toBe(true);
        const masked = maskSecrets(sql, { flavor });
        expect(masked, sql).not.toMatch(/pw\d|old\d|\*2470C0/);
        // Only password literals changed: the rest reads the same, token for token.
        const keep = (text: string) =>
          tokenize(text, { flavor })
            .filter(isSignificant)
            .map((t) => text.slice(t.start, t.end))
            .map((t) => (/^(?:_utf8mb4)?'(?:pw\d+|old\d+|\*2470C0\w+)'$/.test(t) ? "'***'" : t));
        expect(keep(masked), sql).toEqual(keep(sql));
      }
    });
    for (const script of CLIENT_SCRIPTS)
      expect(maskSecrets(script.text, { flavor })).toBe(script.text);
  });
});

/**
 * Whether a statement can be run in a scratch database to compare outcomes: a read by the
 * classifier, or a query whose only doubt is a `name (` that might call a stored function
 * (there are none in a scratch database). STATEMENT_DIGEST cannot tell `count (*)`, a syntax
 * error, from `count(*)`: it reads both alike.
 */
function runnable(sql: string, flavor: SqlFlavor): boolean {
  if (classifyStatement(sql, { flavor }).kind === 'read') return true;
  const words = tokenize(sql, { flavor })
    .filter((t) => t.kind === 'word')
    .map((t) => sql.slice(t.start, t.end).toUpperCase());
  return ['SELECT', 'WITH'].includes(words[0] ?? '') && !words.includes('INTO');
}

describe.each([
  ['MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', 'mariadb'],
] as const)('%s: Format SQL keeps every statement', (_name, flavor) => {
  const endpoint = (): ServerEndpoint => testServers()[flavor];

  it('gives the same digest (MySQL) and the same rows or error', async () => {
    const statements = [
      ...FORMAT_STATEMENTS,
      ...CLIENT_SCRIPTS.filter((s) => (s.flavors ?? [flavor]).includes(flavor)).flatMap((s) =>
        splitStatements(s.text, { flavor }).map((x) => x.text),
      ),
    ];
    await withScratchDatabase(endpoint(), async (scratch) => {
      // Without the IGNORE_SPACE mysql2 asks for by default: the mysql client and most
      // applications parse `count (*)` without it, and formatted text ends up in their scripts.
      const c = await connectTo(endpoint(), {
        database: scratch.name,
        multipleStatements: false,
        flags: ['-IGNORE_SPACE'],
      });
      onTestFinished(() => c.end());
      const outcome = async (sql: string) =>
        c.query({ sql, rowsAsArray: true }).then(
          ([result]) => ({ rows: rowsOf(result) }),
          (error: { errno?: number }) => ({ errno: error.errno }),
        );
      for (const sql of statements) {
        const formatted = formatSql(sql, { flavor }).text;
        if (formatted === sql) continue;
        if (flavor === 'mysql') {
          const digest = async (text: string) =>
            c
              .query({ sql: 'SELECT STATEMENT_DIGEST_TEXT(?)', values: [text], rowsAsArray: true })
              .then(
                ([result]) => rowsOf(result)[0]![0],
                (error: { errno?: number }) => `error ${error.errno}`,
              );
          expect(await digest(formatted), `${sql}\n=>\n${formatted}`).toBe(await digest(sql));
        }
        if (runnable(sql, flavor)) {
          expect(await outcome(formatted), `${sql}\n=>\n${formatted}`).toEqual(await outcome(sql));
        }
      }
    });
  });
});
