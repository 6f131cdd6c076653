import type mysql from 'mysql2/promise';
import type { RowDataPacket } from 'mysql2/promise';
import {
  DEFAULT_ROWS_FACTOR,
  diffPlans,
  explainPlanText,
  planRegressions,
  planShapeFingerprint,
  type PlanNode,
} from '../../../shared/explain';
import { splitStatements } from '../../../shared/sql';
import { statementShape } from '../../../shared/tuning/statement-shape';
import { optionsOrExit, type CliCommand } from '../command';
import {
  cliConnectionFor,
  CONNECT_OPTION,
  CONNECT_USAGE,
  openCliConnection,
  setConnectOption,
  type ConnectOptions,
} from '../cli-connection';
import type { DbConnection } from '../../db/open-connection';
import { sameCostUnits } from '../../../shared/explain/cost-units';
import { baselineFile, readBaseline, writeBaseline } from './plan-baseline';
import { planCheckJson, planCheckJunit, planCheckText } from './plan-check-output';
import { statementAccess } from './statement-access';
import type { StatementOutcome } from './statement-outcome';
import { readInputFile, stdinInput } from '../read-input';

const USAGE = `Usage: sightline plan-check --connect URL --baseline DIR [--update]
         [--format text|json|junit] [--rows-factor N] FILE.sql... | -

Explains each statement of the files on the server (EXPLAIN FORMAT=JSON in a read-only session;
INSERT, REPLACE, UPDATE, DELETE and locking reads in a transaction that is rolled back: nothing
is run), compares the plan with the baseline kept for that statement in DIR, and
fails on a regression: a full scan, filesort or temporary table that came, an access type that
got worse, a different index with a higher estimate, a table's row estimate grown past the rows
factor.

  --connect URL    mysql://user@host:port/database (a staging server); TLS and the password:
                   see below
  --baseline DIR   one JSON file per statement, named by the statement's shape
  --update         accept the current plans: write them as the baselines (exit 0)
  --format         text (default), json (one object per statement per line), junit (XML)
  --rows-factor    how many times a row estimate may grow before it fails (default ${DEFAULT_ROWS_FACTOR})

${CONNECT_USAGE}
Only SELECT, TABLE, WITH, INSERT, REPLACE, UPDATE and DELETE are explained; other statements
are listed as skipped. A statement without a baseline passes as new.
Exit status: 0 no regression, 1 a regression or a statement the server could not explain,
2 a usage error, an unreadable input or baseline, or no connection.
`;

const FORMATS = ['text', 'json', 'junit'] as const;
type Format = (typeof FORMATS)[number];

interface Options {
  connect: string;
  connection: ConnectOptions;
  baseline: string;
  update: boolean;
  format: Format;
  rowsFactor: number;
  inputs: string[];
}

/** `sightline plan-check`: a plan gate for CI against stored baseline plans. */
export const planCheckCommand: CliCommand = {
  name: 'plan-check',
  summary: 'explain SQL files on a server and fail when a plan got worse than its baseline',
  async run(args, io) {
    const options = optionsOrExit('plan-check', USAGE, readOptions(args), io);
    if (typeof options === 'number') return options;
    const statements: Array<{ file: string; line: number; sql: string }> = [];
    const stdin = stdinInput(io);
    for (const input of options.inputs) {
      const read = input === '-' ? await stdin() : await readInputFile(input);
      if (!read.ok) {
        io.stderr(`${input}: error: ${read.reason}\n`);
        return 2;
      }
      const text = read.text;
      const file = input === '-' ? '(stdin)' : input;
      for (const s of splitStatements(text)) statements.push({ file, line: s.line, sql: s.text });
    }
    const connection = cliConnectionFor(options.connect, options.connection, io.env ?? process.env);
    if (typeof connection === 'string') {
      io.stderr(`sightline plan-check: ${connection}\n`);
      return 2;
    }
    for (const w of connection.warnings) io.stderr(`sightline plan-check: warning: ${w}\n`);
    let db: DbConnection | undefined;
    let conn: mysql.Connection;
    let server: string;
    try {
      // The app's session: its TLS and password rules, and tagged like the app's own
      // statements, so a DBA sees what sent them.
      db = await openCliConnection(connection);
      conn = db.conn;
      // EXPLAIN runs nothing; a read-only session makes sure of it.
      await conn.query('SET SESSION TRANSACTION READ ONLY');
      // MySQL's JSON version 2 (its default from 9.x on) has no plan for a single-table UPDATE
      // or DELETE ("<not executable by iterator executor>"); version 1 has. Older MySQL and
      // MariaDB have only version 1 and no such variable.
      await conn.query('SET SESSION explain_json_format_version = 1').catch(() => undefined);
      const [rows] = await conn.query<RowDataPacket[]>('SELECT VERSION() AS v');
      server = String(rows[0]?.v ?? '');
    } catch (e) {
      await db?.close();
      io.stderr(`sightline plan-check: --connect: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
    const outcomes: StatementOutcome[] = [];
    try {
      for (const s of statements) {
        const outcome = await checkStatement(conn, server, s, options);
        if (outcome === 'broken-baseline') return 2;
        outcomes.push(outcome);
      }
    } finally {
      await db.close();
    }
    io.stdout(
      options.format === 'json'
        ? planCheckJson(outcomes)
        : options.format === 'junit'
          ? planCheckJunit(outcomes)
          : planCheckText(outcomes),
    );
    return outcomes.some((o) => o.status === 'fail' || o.status === 'error') ? 1 : 0;

    async function checkStatement(
      c: mysql.Connection,
      version: string,
      s: { file: string; line: number; sql: string },
      o: Options,
    ): Promise<StatementOutcome | 'broken-baseline'> {
      const base = { file: s.file, line: s.line, statement: s.sql, changes: [], regressions: [] };
      const access = statementAccess(s.sql);
      if (!access.explainable)
        return {
          ...base,
          status: 'skipped',
          message: `${access.keyword || 'this'} is not explained`,
        };
      let explain: string;
      try {
        explain = await explainStatement(c, s.sql, access.writes);
      } catch (e) {
        return { ...base, status: 'error', message: serverError(e) };
      }
      const current = rootOf(explain);
      if (typeof current === 'string')
        return { ...base, status: 'error', message: `the server's plan: ${current}` };
      const file = baselineFile(o.baseline, s.sql);
      const fingerprint = planShapeFingerprint(current);
      const read = await readBaseline(file);
      if (read.kind === 'broken') {
        io.stderr(`sightline plan-check: ${read.why}\n`);
        return 'broken-baseline';
      }
      let outcome: StatementOutcome = {
        ...base,
        baseline: file,
        fingerprint,
        status: 'new',
        message: 'no baseline yet: run with --update to accept this plan',
      };
      if (read.kind === 'found') {
        const before = rootOf(read.baseline.explain);
        if (typeof before === 'string') {
          io.stderr(`sightline plan-check: ${file}: its plan: ${before}\n`);
          return 'broken-baseline';
        }
        const costs = sameCostUnits(read.baseline.server, version);
        const diff = diffPlans(before, current, { rowsFactor: o.rowsFactor, costs });
        const regressions = planRegressions(diff);
        outcome = {
          ...base,
          baseline: file,
          fingerprint,
          changes: diff.changes,
          regressions,
          status: regressions.length > 0 ? 'fail' : 'pass',
          ...(costs
            ? {}
            : {
                message: `the baseline's plan is from ${read.baseline.server}, this one from ${version}: costs of the two are not compared`,
              }),
        };
        if (diff.sameShape && diff.changes.length === 0) return outcome;
      }
      if (!o.update) return outcome;
      await writeBaseline(file, {
        version: 1,
        shape: statementShape(s.sql),
        statement: s.sql,
        server: version,
        fingerprint,
        explain,
      });
      return { ...outcome, status: 'updated', message: `baseline written to ${file}` };
    }
  },
};

/**
 * EXPLAIN FORMAT=JSON of one statement. The session is read-only, which servers refuse for
 * EXPLAIN of a write (MariaDB also of a locking read): those are explained in a read-write
 * transaction that is always rolled back, so even a function the optimizer evaluates leaves
 * nothing behind in InnoDB.
 */
async function explainStatement(c: mysql.Connection, sql: string, write: boolean): Promise<string> {
  if (write) await c.query('START TRANSACTION READ WRITE');
  try {
    const [rows] = await c.query<RowDataPacket[]>(`EXPLAIN FORMAT=JSON ${sql}`);
    return String(Object.values(rows[0] ?? {})[0] ?? '');
  } finally {
    if (write) await c.query('ROLLBACK');
  }
}

function rootOf(text: string): PlanNode | string {
  const result = explainPlanText(text);
  return result.ok ? result.report.root : result.error.message;
}

function serverError(e: unknown): string {
  const err = e as { errno?: number; sqlState?: string; message?: string };
  return err.errno !== undefined
    ? `the server refused to explain it: error ${err.errno} (${err.sqlState ?? '?'}): ${err.message ?? ''}`
    : `the server refused to explain it: ${err.message ?? String(e)}`;
}

/** The options, `help`, or what is wrong with the arguments. */
function readOptions(args: string[]): Options | 'help' | string {
  let connect: string | null = null;
  let baseline: string | null = null;
  const connection: ConnectOptions = {};
  const options = {
    update: false,
    format: 'text' as Format,
    rowsFactor: DEFAULT_ROWS_FACTOR,
    inputs: [] as string[],
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--') {
      options.inputs.push(...args.slice(i + 1));
      break;
    }
    if (arg === '--update') {
      options.update = true;
      continue;
    }
    const c = CONNECT_OPTION.exec(arg);
    if (c) {
      const wrong = setConnectOption(connection, c[1]!, c[2] ?? args[++i] ?? '');
      if (wrong !== undefined) return wrong;
      continue;
    }
    const m = /^--(connect|baseline|format|rows-factor)(?:=(.*))?$/.exec(arg);
    if (m) {
      const value = m[2] ?? args[++i];
      if (value === undefined || value === '') return `--${m[1]} needs a value`;
      if (m[1] === 'connect') connect = value;
      else if (m[1] === 'baseline') baseline = value;
      else if (m[1] === 'format') {
        if (!FORMATS.includes(value as Format))
          return `unknown format "${value}" (text, json or junit)`;
        options.format = value as Format;
      } else {
        const factor = Number(value);
        if (!Number.isFinite(factor) || factor < 1)
          return `--rows-factor wants a number of at least 1, not "${value}"`;
        options.rowsFactor = factor;
      }
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') return `unknown option "${arg}"`;
    options.inputs.push(arg);
  }
  if (connect === null) return '--connect is required: the server to explain on';
  if (baseline === null) return '--baseline is required: the directory of baseline plans';
  if (options.inputs.length === 0)
    return 'no input: give one or more SQL files, or - for standard input';
  return { ...options, connect, connection, baseline };
}
