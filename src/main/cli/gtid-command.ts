import { z } from 'zod';
import {
  countGtids,
  formatGtidSet,
  gtidIntersection,
  gtidSubtract,
  gtidUnion,
  isGtidSubset,
  parseGtidSet,
  type GtidSet,
} from '../../shared/gtid';
import type { CliCommand, CliIo } from './command';

/** What an operation answers: a set's text, 1/0 for subset, a count. */
type Answer = string | number | bigint;

interface Operation {
  /** How many sets it takes. */
  sets: 1 | 2;
  /** For the help text. */
  about: string;
  run(sets: GtidSet[]): Answer;
}

const OPERATIONS = {
  subtract: {
    sets: 2,
    about: 'A minus B, as GTID_SUBTRACT(A, B)',
    run: ([a, b]) => formatGtidSet(gtidSubtract(a!, b!)),
  },
  subset: {
    sets: 2,
    about: '1 if A is within B, else 0, as GTID_SUBSET(A, B)',
    run: ([a, b]) => (isGtidSubset(a!, b!) ? 1 : 0),
  },
  union: { sets: 2, about: 'A and B together', run: ([a, b]) => formatGtidSet(gtidUnion(a!, b!)) },
  intersect: {
    sets: 2,
    about: 'what A and B share',
    run: ([a, b]) => formatGtidSet(gtidIntersection(a!, b!)),
  },
  normalize: {
    sets: 1,
    about: "A as MySQL writes it, as GTID_SUBTRACT(A, '')",
    run: ([a]) => formatGtidSet(a!),
  },
  count: { sets: 1, about: 'how many transactions A holds', run: ([a]) => countGtids(a!) },
} satisfies Record<string, Operation>;

type OperationName = keyof typeof OPERATIONS;
const OPERATION_NAMES = Object.keys(OPERATIONS) as [OperationName, ...OperationName[]];

const USAGE = [
  'Usage: sightline gtid <operation> A [B]',
  '       sightline gtid --jsonl  < requests',
  '',
  'MySQL GTID set algebra, answering exactly as MySQL 9.7 prints it.',
  ...OPERATION_NAMES.map((name) => {
    const operation: Operation = OPERATIONS[name];
    return `  ${`${name} ${operation.sets === 2 ? 'A B' : 'A'}`.padEnd(16)}${operation.about}`;
  }),
  '',
  "A malformed set exits with status 2 and MySQL's reason on stderr.",
  '--jsonl reads one request per line, {"op":"subtract","a":"...","b":"..."}, and writes one',
  'line per request: {"result":...} (a string, 1/0 for subset, a number for count) or',
  '{"error":"..."}. It exits 0 once every line is answered.',
  '',
].join('\n');

/** `sightline gtid`: the GTID algebra of src/shared/gtid on the command line. */
export const gtidCommand: CliCommand = {
  name: 'gtid',
  summary: 'GTID set algebra: subtract, subset, union, intersect, normalize, count',
  async run(args: string[], io: CliIo): Promise<number> {
    const [first, ...rest] = args;
    if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
      io.stdout(USAGE);
      return 0;
    }
    if (first === '--jsonl') {
      if (rest.length > 0) return usageError(io, '--jsonl takes no arguments');
      io.stdout(answerJsonLines(await io.readStdin()));
      return 0;
    }
    if (!isOperationName(first)) return usageError(io, `unknown operation "${first}"`);
    const operation: Operation = OPERATIONS[first];
    if (rest.length !== operation.sets) {
      return usageError(io, `${first} takes ${operation.sets === 2 ? 'two sets' : 'one set'}`);
    }
    const answer = answerFor(operation, rest);
    if ('message' in answer) {
      const which = operation.sets === 2 ? `set ${answer.set}: ` : '';
      io.stderr(`sightline gtid ${first}: ${which}${answer.message}\n`);
      return 2;
    }
    io.stdout(`${answer.result}\n`);
    return 0;
  },
};

function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

function usageError(io: CliIo, problem: string): number {
  io.stderr(`sightline gtid: ${problem}\n\n${USAGE}`);
  return 2;
}

/** A set MySQL would refuse: which one, and MySQL's message (error 1772). */
interface Refusal {
  set: 'A' | 'B';
  message: string;
}

/** Parses the texts in order (as MySQL does, so the first malformed one is reported). */
function answerFor(operation: Operation, texts: string[]): { result: Answer } | Refusal {
  const sets: GtidSet[] = [];
  for (const [index, text] of texts.entries()) {
    const parsed = parseGtidSet(text);
    if (!parsed.ok) return { set: index === 0 ? 'A' : 'B', message: parsed.error.message };
    sets.push(parsed.set);
  }
  return { result: operation.run(sets) };
}

const RequestSchema = z.object({
  op: z.enum(OPERATION_NAMES),
  a: z.string(),
  b: z.string().optional(),
});

/** One output line per non-blank input line. */
function answerJsonLines(input: string): string {
  let output = '';
  for (const line of input.split('\n')) {
    if (line.trim() === '') continue;
    output += `${answerJsonLine(line)}\n`;
  }
  return output;
}

function answerJsonLine(line: string): string {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: 'not valid JSON' });
  }
  const parsed = RequestSchema.safeParse(request);
  if (!parsed.success) {
    return JSON.stringify({
      error: `expected {"op": ${OPERATION_NAMES.join('|')}, "a": string, "b": string}: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`,
    });
  }
  const { op, a, b } = parsed.data;
  const operation: Operation = OPERATIONS[op];
  if (operation.sets === 2 && b === undefined) {
    return JSON.stringify({ error: `${op} needs "b"` });
  }
  const answer = answerFor(operation, operation.sets === 2 ? [a, b!] : [a]);
  // MySQL's own message, as the server would raise it, for scripts that compare.
  if ('message' in answer) return JSON.stringify({ error: answer.message });
  // Counts go out as exact JSON numbers, whatever their size.
  const result = answer.result;
  return typeof result === 'bigint' ? `{"result":${result}}` : JSON.stringify({ result });
}
