import type mysql from 'mysql2/promise';
import {
  DEFAULT_TARGET,
  emptySchema,
  failsAt,
  LINT_RULES,
  lintMigration,
  lintTargetFor,
  liveQuestions,
  loadSchemaDump,
  orderMigrationFiles,
  parseLintTarget,
  type LintInputError,
  type LintTarget,
  type LiveTableFacts,
  type MigrationFile,
  type SchemaModel,
} from '../../shared/lint';
import type { FindingSeverity } from '../../shared/severity';
import { readLiveFacts, readLiveSchema, readServerFlavor } from '../services/lint/read-live-schema';
import { optionsOrExit, type CliCommand, type CliIo } from './command';
import { lintJson, lintSarif, lintText } from './lint-output';
import { readInputFile, stdinInput } from './read-input';
import {
  cliConnectionFor,
  CONNECT_OPTION,
  CONNECT_USAGE,
  hasConnectOptions,
  openCliConnection,
  setConnectOption,
  type ConnectOptions,
} from './cli-connection';
import type { DbConnection } from '../db/open-connection';

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage: sightline lint [options] FILE... | -

Checks migration files before they reach a server: every CREATE/ALTER/DROP/RENAME TABLE (and
CREATE/DROP INDEX) is applied in order to a model of the schema, and each ALTER is planned for
the target server: algorithm, lock, rebuild or copy, and findings with a fix.

  --target T     the server to plan for: mysql-8.0.36, mysql-8.4, mysql-9.7, mariadb-10.11,
                 percona-8.0.36, ... (default: the connected server, else ${DEFAULT_TARGET})
  --schema F     the schema before the migration, from \`mysqldump --no-data\` (or any script of
                 CREATE statements); default: empty
  --connect URL  read the schema and live facts (row versions, sessions holding the tables,
                 duplicates for new unique keys) from a server, read-only:
                 mysql://user@host:port/database (see below for TLS and the password)
  --format F     text (default), json or sarif (SARIF 2.1.0, for code scanning)
  --fail-on S    warning or danger (default): the lowest severity that fails the run

${CONNECT_USAGE}
Files are read as their migration tool runs them forward: dbmate \`-- migrate:down\` and goose
\`-- +goose Down\` sections, golang-migrate *.down.sql and Flyway U*__ undo files are skipped;
Liquibase \`--changeset\`/\`--rollback\` lines are not SQL. Versioned names (V2__x.sql,
0002_x.up.sql) are linted in version order.

Rules: ${LINT_RULES.map((r) => r.id).join(', ')}.

Exit status: 0 clean, 1 findings at or above --fail-on, 2 input error (file:line:column) or
usage error.
`;

interface Options {
  target: string | null;
  schema: string | null;
  connect: string | null;
  connection: ConnectOptions;
  format: Format;
  failOn: FindingSeverity;
  inputs: string[];
}

function readOptions(args: string[]): Options | 'help' | string {
  const options: Options = {
    target: null,
    schema: null,
    connect: null,
    connection: {},
    format: 'text',
    failOn: 'danger',
    inputs: [],
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--') {
      options.inputs.push(...args.slice(i + 1));
      break;
    }
    const c = CONNECT_OPTION.exec(arg);
    if (c) {
      const wrong = setConnectOption(options.connection, c[1]!, c[2] ?? args[++i] ?? '');
      if (wrong !== undefined) return wrong;
      continue;
    }
    const m = /^--(target|schema|connect|format|fail-on)(?:=(.*))?$/.exec(arg);
    if (m) {
      const value = m[2] ?? args[++i];
      if (value === undefined) return `--${m[1]} needs a value`;
      switch (m[1]) {
        case 'target':
          if (!parseLintTarget(value))
            return `unknown target "${value}" (write e.g. mysql-8.0.36 or mariadb-10.11)`;
          options.target = value;
          break;
        case 'schema':
          options.schema = value;
          break;
        case 'connect':
          options.connect = value;
          break;
        case 'format':
          if (!FORMATS.includes(value as Format)) return `unknown format "${value}"`;
          options.format = value as Format;
          break;
        case 'fail-on':
          if (value !== 'warning' && value !== 'danger')
            return `--fail-on takes warning or danger, not "${value}"`;
          options.failOn = value;
          break;
      }
    } else if (arg.startsWith('-') && arg !== '-') return `unknown option "${arg}"`;
    else options.inputs.push(arg);
  }
  if (options.inputs.length === 0)
    return 'no input: give one or more files, or - for standard input';
  if (options.schema !== null && options.connect !== null)
    return 'give --schema or --connect, not both';
  if (options.connect === null && hasConnectOptions(options.connection))
    return 'the connection options (--tls, --password-env, ...) need --connect';
  return options;
}

function inputError(io: CliIo, e: LintInputError): void {
  io.stderr(`${e.file}:${e.line}:${e.column}: error: ${e.message}\n`);
}

/** `sightline lint`: plan and check migration files offline or against a live schema. */
export const lintCommand: CliCommand = {
  name: 'lint',
  summary: 'check migration files: algorithm, lock, copies and risky changes per statement',
  async run(args, io) {
    const options = optionsOrExit('lint', USAGE, readOptions(args), io);
    if (typeof options === 'number') return options;
    const files: MigrationFile[] = [];
    const stdin = stdinInput(io);
    for (const input of options.inputs) {
      const read = input === '-' ? await stdin() : await readInputFile(input);
      if (!read.ok) {
        inputError(io, { file: input, line: read.line ?? 1, column: 1, message: read.reason });
        return 2;
      }
      files.push({ name: input === '-' ? '(stdin)' : input, text: read.text });
    }

    let target: LintTarget = parseLintTarget(options.target ?? DEFAULT_TARGET)!;
    let schema: SchemaModel = emptySchema();
    let live: Map<string, LiveTableFacts> | undefined;
    const ordered = orderMigrationFiles(files);
    if (options.schema !== null) {
      const read = await readInputFile(options.schema);
      if (!read.ok) {
        inputError(io, {
          file: options.schema,
          line: read.line ?? 1,
          column: 1,
          message: read.reason,
        });
        return 2;
      }
      const text = read.text;
      const loaded = loadSchemaDump(text, target.flavor === 'mariadb' ? 'mariadb' : 'mysql');
      for (const p of loaded.problems)
        inputError(io, { file: options.schema, line: p.line, column: p.column, message: p.error });
      if (loaded.problems.length > 0) return 2;
      schema = loaded.schema;
    }
    if (options.connect !== null) {
      const connection = cliConnectionFor(
        options.connect,
        options.connection,
        io.env ?? process.env,
      );
      if (typeof connection === 'string') {
        io.stderr(`sightline lint: ${connection}\n`);
        return 2;
      }
      for (const w of connection.warnings) io.stderr(`sightline lint: warning: ${w}\n`);
      let db: DbConnection | undefined;
      try {
        db = await openCliConnection(connection);
        const conn: mysql.Connection = db.conn;
        // Nothing the lint sends may change the server.
        await conn.query('SET SESSION TRANSACTION READ ONLY');
        const server = await readServerFlavor(conn);
        if (options.target === null) target = lintTargetFor(server.flavor, server.version);
        const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
        schema = await readLiveSchema(conn, connection.database, flavor);
        live = await readLiveFacts(
          conn,
          server,
          connection.database,
          liveQuestions(ordered, target, schema),
          schema,
        );
      } catch (e) {
        io.stderr(`sightline lint: --connect: ${e instanceof Error ? e.message : String(e)}\n`);
        return 2;
      } finally {
        await db?.close();
      }
    }

    const report = lintMigration(ordered, { target, schema, ...(live ? { live } : {}) });
    for (const e of report.errors) inputError(io, e);
    io.stdout(
      options.format === 'json'
        ? lintJson(report)
        : options.format === 'sarif'
          ? lintSarif(report)
          : lintText(report),
    );
    if (report.errors.length > 0) return 2;
    return failsAt(report, options.failOn) ? 1 : 0;
  },
};
