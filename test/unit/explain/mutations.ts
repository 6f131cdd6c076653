// A small seeded mutation generator for property tests (fast-check is not a dependency): the
// same seed gives the same mutations, so a failure names a reproducible case.

export { seededRandom } from '../../seeded-random';

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

type Json = unknown;

/** Every object in a JSON value, with the path to it. */
function objects(value: Json, out: Array<Record<string, Json>> = []): Array<Record<string, Json>> {
  if (Array.isArray(value)) for (const v of value) objects(v, out);
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, Json>);
    for (const v of Object.values(value)) objects(v, out);
  }
  return out;
}

const WRONG_VALUES: Json[] = [
  null,
  0,
  -1,
  1.5,
  '',
  'abc',
  '12K',
  true,
  false,
  [],
  {},
  [1, 'x', null],
  { x: 1 },
  { table_name: 7 },
];

/** The kinds of structural mutation; each keeps the document valid JSON. */
export const JSON_MUTATIONS = [
  'delete-key',
  'rename-key',
  'swap-key-names',
  'wrong-type',
  'drop-array-item',
] as const;
export type JsonMutation = (typeof JSON_MUTATIONS)[number];

/** Applies `count` random structural mutations to a copy of `document`. */
export function mutateJson(
  document: Json,
  random: Random,
  count: number,
): { value: Json; applied: JsonMutation[] } {
  const value = structuredClone(document);
  const applied: JsonMutation[] = [];
  for (let i = 0; i < count; i++) {
    const targets = objects(value).filter((o) => Object.keys(o).length > 0);
    if (!targets.length) break;
    const target = pick(random, targets);
    const keys = Object.keys(target);
    const key = pick(random, keys);
    const kind = pick(random, JSON_MUTATIONS);
    applied.push(kind);
    switch (kind) {
      case 'delete-key':
        delete target[key];
        break;
      case 'rename-key': {
        const v = target[key];
        delete target[key];
        target[`${key}${pick(random, ['X', '_v2', ''])}${Math.floor(random() * 10)}`] = v;
        break;
      }
      case 'swap-key-names': {
        // A known key holding a value of another shape: `table` as an array, `nested_loop` as an object.
        const other = pick(random, [
          ...keys,
          'table',
          'nested_loop',
          'inputs',
          'query_block',
          'operation',
          'table_name',
          'cost_info',
          'actual_rows',
        ]);
        const a = target[key];
        target[key] = target[other];
        target[other] = a;
        break;
      }
      case 'wrong-type':
        target[key] = structuredClone(pick(random, WRONG_VALUES));
        break;
      case 'drop-array-item': {
        const arrays = Object.values(target).filter(
          (v): v is Json[] => Array.isArray(v) && v.length > 0,
        );
        if (arrays.length) pick(random, arrays).splice(Math.floor(random() * 3), 1);
        break;
      }
    }
  }
  return { value, applied };
}

/** A text mutation: truncation, a deleted or inserted character, a deleted or repeated line. */
export function mutateText(text: string, random: Random): { text: string; kind: string } {
  const at = Math.floor(random() * (text.length + 1));
  const kind = pick(random, [
    'truncate',
    'delete-char',
    'insert-char',
    'delete-line',
    'repeat-line',
    'indent-line',
  ]);
  const lines = text.split('\n');
  const line = Math.floor(random() * lines.length);
  switch (kind) {
    case 'truncate':
      return { text: text.slice(0, at), kind };
    case 'delete-char':
      return { text: text.slice(0, at) + text.slice(at + 1), kind };
    case 'insert-char':
      return {
        text:
          text.slice(0, at) +
          pick(random, ['{', '}', '"', ',', ':', '[', 'x', '\n', '\\', '->', '|', '*/', '/*']) +
          text.slice(at),
        kind,
      };
    case 'delete-line':
      lines.splice(line, 1);
      return { text: lines.join('\n'), kind };
    case 'repeat-line':
      lines.splice(line, 0, lines[line] ?? '');
      return { text: lines.join('\n'), kind };
    default:
      lines[line] = `${' '.repeat(Math.floor(random() * 12))}${(lines[line] ?? '').trimStart()}`;
      return { text: lines.join('\n'), kind };
  }
}
