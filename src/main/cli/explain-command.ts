import { costUnitsMismatch } from '../../shared/explain/cost-units';
import {
  DEFAULT_ROWS_FACTOR,
  diffPlans,
  explainPlanText,
  renderPlanDiff,
  PLAN_DIALECTS,
  renderPlanTree,
  type PlanDialect,
  type PlanParseError,
  type PlanReport,
} from '../../shared/explain';
import { optionsOrExit, type CliCommand, type CliIo } from './command';
import { readInputFile, stdinInput, type InputText } from './read-input';

const USAGE = `Usage: sightline explain [--json] [--dialect auto|${PLAN_DIALECTS.join('|')}] FILE... | -
       sightline explain --compare [--json] [--rows-factor N] BEFORE AFTER

Reads EXPLAIN output (MySQL JSON v1/v2, FORMAT=TREE, EXPLAIN ANALYZE, MariaDB JSON/ANALYZE,
traditional tables, pasted from a terminal or not) from files or standard input (-), and prints
the plan as a tree with costs, rows and diagnostics.

  --json       print the plan model {dialect, root, diagnostics, stats}; with several inputs,
               one object per line with a "file" field ({"file", "error"} for a failed one)
  --dialect    the input's dialect (default: auto, detected)
  --compare    compare two plans of a statement: nodes matched by structure, what changed said
               in words (join order, access types, indexes, operations, rows, cost); with
               --json the comparison {pairs, changes, sameShape, shapes, totals}
  --rows-factor  rows count as changed when one plan has this many times the other's
               (default ${DEFAULT_ROWS_FACTOR})

Exit status: 0 when every input was a plan, 2 when any was not (or on a usage error),
1 when an input could not be read. With --compare: 0 when both plans have the same shape,
1 when the shape changed, 2 when an input is not a plan or cannot be read.
`;

interface Options {
  json: boolean;
  compare: boolean;
  rowsFactor: number;
  dialect: PlanDialect | 'auto';
  inputs: string[];
}

type Outcome =
  | { input: string; report: PlanReport }
  | { input: string; error: PlanParseError }
  | { input: string; readError: string };

/** `sightline explain`: parse, diagnose and print EXPLAIN documents. */
export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'show an EXPLAIN plan (JSON, tree, ANALYZE, tabular) as a tree with diagnostics',
  async run(args, io) {
    const options = optionsOrExit('explain', USAGE, readOptions(args), io);
    if (typeof options === 'number') return options;
    const stdin = stdinInput(io);
    if (options.compare) return compare(options, stdin, io);
    const outcomes: Outcome[] = [];
    for (const input of options.inputs) outcomes.push(await explainInput(input, options, stdin));
    const several = outcomes.length > 1;
    for (const outcome of outcomes) print(outcome, options, several, io);
    if (outcomes.some((o) => 'error' in o)) return 2;
    if (outcomes.some((o) => 'readError' in o)) return 1;
    return 0;
  },
};

/** The options, `help`, or what is wrong with the arguments. */
function readOptions(args: string[]): Options | 'help' | string {
  const options: Options = {
    json: false,
    compare: false,
    rowsFactor: DEFAULT_ROWS_FACTOR,
    dialect: 'auto',
    inputs: [],
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--') {
      options.inputs.push(...args.slice(i + 1));
      break;
    }
    if (arg === '--json') options.json = true;
    else if (arg === '--compare') options.compare = true;
    else if (arg === '--rows-factor' || arg.startsWith('--rows-factor=')) {
      const value = arg === '--rows-factor' ? args[++i] : arg.slice('--rows-factor='.length);
      const factor = Number(value);
      if (value === undefined || value === '' || !Number.isFinite(factor) || factor < 1)
        return `--rows-factor wants a number of at least 1, not "${value ?? ''}"`;
      options.rowsFactor = factor;
    } else if (arg === '--dialect' || arg.startsWith('--dialect=')) {
      const value = arg === '--dialect' ? args[++i] : arg.slice('--dialect='.length);
      if (value !== 'auto' && !PLAN_DIALECTS.includes(value as PlanDialect))
        return `unknown dialect "${value ?? ''}"`;
      options.dialect = value as PlanDialect | 'auto';
    } else if (arg.startsWith('-') && arg !== '-') return `unknown option "${arg}"`;
    else options.inputs.push(arg);
  }
  if (options.inputs.length === 0)
    return 'no input: give one or more files, or - for standard input';
  if (options.compare && options.inputs.length !== 2)
    return `--compare takes two plans, BEFORE and AFTER (got ${options.inputs.length})`;
  return options;
}

async function explainInput(
  input: string,
  options: Options,
  stdin: () => Promise<InputText>,
): Promise<Outcome> {
  const read = input === '-' ? await stdin() : await readInputFile(input);
  if (!read.ok) return { input, readError: read.reason };
  const text = read.text;
  const result = explainPlanText(text, { dialect: options.dialect });
  return result.ok ? { input, report: result.report } : { input, error: result.error };
}

function print(outcome: Outcome, options: Options, several: boolean, io: CliIo): void {
  const name = outcome.input === '-' ? '(stdin)' : outcome.input;
  if ('readError' in outcome) {
    if (options.json && several)
      io.stdout(`${JSON.stringify({ file: name, error: { message: outcome.readError } })}\n`);
    io.stderr(`${name}: error: ${outcome.readError}\n`);
    return;
  }
  if ('error' in outcome) {
    const { message, line, column } = outcome.error;
    if (options.json && several)
      io.stdout(`${JSON.stringify({ file: name, error: outcome.error })}\n`);
    io.stderr(`${several ? `${name}: ` : ''}error: ${message} at line ${line} column ${column}\n`);
    return;
  }
  const { report } = outcome;
  if (options.json) {
    io.stdout(
      several
        ? `${JSON.stringify({ file: name, ...report })}\n`
        : `${JSON.stringify(report, null, 2)}\n`,
    );
    return;
  }
  if (several) io.stdout(`==> ${name} <==\n`);
  io.stdout(
    renderPlanTree(
      { dialect: report.dialect, root: report.root, analyzed: report.analyzed },
      { diagnostics: report.diagnostics },
    ),
  );
  if (several) io.stdout('\n');
}

/** `--compare`: both plans read and parsed, then one comparison printed. */
async function compare(
  options: Options,
  stdin: () => Promise<InputText>,
  io: CliIo,
): Promise<number> {
  const [before, after] = await Promise.all(
    options.inputs.map((input) => explainInput(input, options, stdin)),
  );
  let failed = false;
  for (const outcome of [before!, after!]) {
    if ('report' in outcome) continue;
    failed = true;
    const name = outcome.input === '-' ? '(stdin)' : outcome.input;
    const why =
      'readError' in outcome
        ? outcome.readError
        : `${outcome.error.message} at line ${outcome.error.line} column ${outcome.error.column}`;
    io.stderr(`${name}: error: ${why}\n`);
  }
  if (failed || !('report' in before!) || !('report' in after!)) return 2;
  // Files carry no server version: their formats tell a MariaDB plan from a MySQL one.
  const apart = costUnitsMismatch(
    { dialect: before.report.dialect },
    { dialect: after.report.dialect },
  );
  if (apart) io.stderr(`sightline explain: costs not compared: ${apart}\n`);
  const diff = diffPlans(before.report.root, after.report.root, {
    rowsFactor: options.rowsFactor,
    costs: apart === undefined,
  });
  io.stdout(options.json ? `${JSON.stringify(diff, null, 2)}\n` : renderPlanDiff(diff));
  return diff.sameShape ? 0 : 1;
}
