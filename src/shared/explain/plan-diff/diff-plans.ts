import type { FindingSeverity } from '../../severity';
import { accessClassOf, accessRank } from '../access-class';
import { formatCost, formatFactor, formatMs, formatRows } from '../format-plan-figures';
import { totalsOf, type PlanTotals } from '../plan-compare';
import type { PlanFlag, PlanNode } from '../plan-model';
import { planShapeFingerprint } from '../plan-shape';
import type { FlatPlan } from './flat-plan';
import { matchPlanNodes, type PlanMatching } from './match-plan-nodes';
import { normalizedText, operationText, tableIdentity } from './node-features';
import { shortenChange } from './shorten-change';

/** What kind of difference a plan change is. */
export type PlanChangeKind =
  | 'join-order'
  | 'join-algorithm'
  | 'access'
  | 'index'
  | 'table-added'
  | 'table-removed'
  | 'operation-added'
  | 'operation-removed'
  | 'condition'
  | 'operation'
  | 'flag-added'
  | 'flag-removed'
  | 'rows'
  | 'measured-rows'
  | 'cost'
  | 'time';

/** One difference between two plans, in words. */
export interface PlanChange {
  kind: PlanChangeKind;
  /** `warning` or `danger` when the second plan is worse in this respect. */
  severity: FindingSeverity;
  text: string;
  /** The nodes concerned (`PlanNode.id`), where there is one on that side. */
  beforeNode?: number;
  afterNode?: number;
  /** How many nodes the line stands for, when the same change happened to several. */
  count?: number;
  /**
   * The whole texts a `condition` or `operation` line shortened (`(none)` for a side without
   * one), so a screen can show them in full; absent when the line holds them whole.
   */
  full?: { before: string; after: string };
}

/** How a node of one plan fared in the other. */
export type PairStatus = 'same' | 'changed' | 'added' | 'removed';

/** A node of the first plan with its counterpart in the second (or with nothing). */
export interface DiffPair {
  before?: number;
  after?: number;
  status: PairStatus;
  /** Matched, but under another parent than its counterpart's. */
  moved: boolean;
}

/** Two plans of a statement compared: pairs, changes in words, shapes and totals. */
export interface PlanDiff {
  /** The first plan's nodes in pre-order (with their counterparts), then the added ones. */
  pairs: DiffPair[];
  changes: PlanChange[];
  /** Same operations, tables, join order, access types and indexes (figures aside). */
  sameShape: boolean;
  shapes: { before: string; after: string };
  totals: { before: PlanTotals; after: PlanTotals };
}

/** Thresholds of a comparison. */
export interface PlanDiffOptions {
  /** Rows (estimated or measured) count as changed when one side is this many times the other. */
  rowsFactor?: number;
  /**
   * Whether the two plans' costs are in the same units (default true). MySQL and MariaDB, and
   * MariaDB before and from 11.0, count cost differently: false leaves cost out of the changes.
   */
  costs?: boolean;
}

/** The default rows factor: an order of magnitude, below which estimates are noise. */
export const DEFAULT_ROWS_FACTOR = 10;

/**
 * Compares two plans of a statement: nodes are matched by structure (see `matchPlanNodes`),
 * and what changed is said in words: join order, access type per table (and whether it is
 * worse), index chosen, tables and operations (filesort, temporary table, materialisation)
 * added or removed, estimated or measured rows off by more than `rowsFactor`, cost and time.
 */
export function diffPlans(
  before: PlanNode,
  after: PlanNode,
  options: PlanDiffOptions = {},
): PlanDiff {
  const factor = options.rowsFactor ?? DEFAULT_ROWS_FACTOR;
  const m = matchPlanNodes(before, after);
  const shapes = { before: planShapeFingerprint(before), after: planShapeFingerprint(after) };
  const totals = { before: totalsOf(before), after: totalsOf(after) };
  const changes: PlanChange[] = [];
  const joinOrder = joinOrderChange(m);
  if (joinOrder) changes.push(joinOrder);
  const changed = new Uint8Array(m.before.nodes.length);
  for (let i = 0; i < m.before.nodes.length; i++) {
    const j = m.toAfter[i]!;
    if (j === -1) continue;
    const b = m.before.nodes[i]!;
    const a = m.after.nodes[j]!;
    const found = pairChanges(b, a, factor);
    const opsChanged = m.opsBefore[i] !== m.opsAfter[j] && !joinWordingOnly(b, a, m.opsAfter[j]!);
    if (opsChanged) {
      // A pair marked changed says what changed: a condition, else the operation's words.
      found.push(...conditionChanges(b, a));
      if (found.length === 0) {
        const words = wordsChange(b, a);
        if (words) found.push(words);
      }
    }
    if (found.length > 0 || opsChanged) changed[i] = 1;
    changes.push(...found);
  }
  changes.push(...unmatchedChanges(m.before, m.toAfter, 'removed'));
  changes.push(...unmatchedChanges(m.after, m.toBefore, 'added'));
  changes.push(...totalChanges(totals.before, totals.after, factor, options.costs ?? true));
  return {
    pairs: pairsOf(m, changed),
    changes,
    sameShape: shapes.before === shapes.after,
    shapes,
    totals,
  };
}

/**
 * Whether two joins differ only in how their servers word the same join (see sameJoin): then
 * the pair is not changed, and no line says `Nested loop inner join → Nested loop join`.
 */
function joinWordingOnly(b: PlanNode, a: PlanNode, opsAfter: string): boolean {
  return (
    b.kind === 'join' &&
    a.kind === 'join' &&
    sameJoin(joinAlgorithm(b), joinAlgorithm(a)) &&
    operationText({ ...b, label: a.label }) === opsAfter
  );
}

/** How a table node is named in a sentence: its alias, else its table; other nodes by label. */
export function nodeName(node: PlanNode): string {
  const name = node.alias ?? node.table;
  if (name !== undefined) return name;
  return node.label.length > 80 ? `${node.label.slice(0, 79)}…` : node.label;
}

function readsTable(node: PlanNode): boolean {
  return (node.kind === 'table' || node.kind === 'index-merge') && tableIdentity(node) !== '';
}

function joinOrderChange(m: PlanMatching): PlanChange | undefined {
  // The order in which the plans read the tables both read, as the plans list them.
  const left: number[] = [];
  for (let i = 0; i < m.before.nodes.length; i++)
    if (readsTable(m.before.nodes[i]!) && m.toAfter[i] !== -1) left.push(i);
  const right: number[] = [];
  for (let j = 0; j < m.after.nodes.length; j++)
    if (readsTable(m.after.nodes[j]!) && m.toBefore[j] !== -1) right.push(j);
  const reordered = left.some((i, k) => m.toAfter[i] !== right[k]);
  if (!reordered || left.length < 2) return undefined;
  const names = (plan: FlatPlan, positions: number[]) =>
    positions.map((p) => nodeName(plan.nodes[p]!)).join(' → ');
  return {
    kind: 'join-order',
    severity: 'info',
    text: `Join order changed: ${names(m.before, left)} became ${names(m.after, right)}`,
  };
}

function rowsRatio(before: number, after: number): number {
  const low = Math.max(Math.min(before, after), 1);
  return Math.max(before, after) / low;
}

const FLAG_WORDS: Partial<Record<PlanFlag, string>> = {
  filesort: 'a filesort',
  temporary: 'a temporary table',
  'join-buffer': 'a join buffer',
  dependent: 'a dependent (re-run) subquery',
  'covering-index': 'a covering index',
  'index-condition': 'index condition pushdown',
};

/** Flags whose coming is bad news (the others, a covering index, are good news). */
const BAD_FLAGS = new Set<PlanFlag>(['filesort', 'temporary', 'join-buffer', 'dependent']);

/**
 * Flags said in words but never a warning either way: where a condition is checked (in the
 * storage engine or above it) moves with optimizer_switch and the index, not a regression a
 * gate should fail on.
 */
const NEUTRAL_FLAGS = new Set<PlanFlag>(['index-condition']);

function pairChanges(b: PlanNode, a: PlanNode, factor: number): PlanChange[] {
  const out: PlanChange[] = [];
  const ids = { beforeNode: b.id, afterNode: a.id };
  const name = nodeName(a);
  const accessBefore = accessClassOf(b);
  const accessAfter = accessClassOf(a);
  if (accessBefore !== undefined && accessAfter !== undefined && accessBefore !== accessAfter) {
    const rb = accessRank(accessBefore);
    const ra = accessRank(accessAfter);
    const worse = rb !== undefined && ra !== undefined && ra > rb;
    const better = rb !== undefined && ra !== undefined && ra < rb;
    out.push({
      kind: 'access',
      severity: worse ? (accessAfter === 'full scan' ? 'danger' : 'warning') : 'info',
      text: `${name}: access ${accessBefore} → ${accessAfter}${worse ? ' (worse)' : better ? ' (better)' : ''}`,
      ...ids,
    });
  }
  const algorithmBefore = joinAlgorithm(b);
  const algorithmAfter = joinAlgorithm(a);
  if (!sameJoin(algorithmBefore, algorithmAfter))
    out.push({
      kind: 'join-algorithm',
      severity: 'info',
      text: `Join of ${joinedTables(a)}: ${algorithmBefore} → ${algorithmAfter}`,
      ...ids,
    });
  const keyBefore = b.key ?? '';
  const keyAfter = a.key ?? '';
  if (readsTable(a) && keyBefore.toLowerCase() !== keyAfter.toLowerCase()) {
    const moreRows =
      b.rows !== undefined &&
      a.rows !== undefined &&
      a.rows > b.rows &&
      rowsRatio(b.rows, a.rows) >= factor;
    out.push({
      kind: 'index',
      severity: moreRows ? 'warning' : 'info',
      text: `${name}: index ${keyBefore || '(none)'} → ${keyAfter || '(none)'}`,
      ...ids,
    });
  }
  for (const [flag, words] of Object.entries(FLAG_WORDS) as Array<[PlanFlag, string]>) {
    const had = b.flags.includes(flag);
    const has = a.flags.includes(flag);
    // A hash join is MySQL's join buffer: the algorithm line said it.
    if (had === has || (flag === 'join-buffer' && algorithmBefore !== algorithmAfter)) continue;
    const bad = BAD_FLAGS.has(flag) === has && !NEUTRAL_FLAGS.has(flag);
    out.push({
      kind: has ? 'flag-added' : 'flag-removed',
      severity: bad ? 'warning' : 'info',
      text: `${name}: ${has ? 'now uses' : 'no longer uses'} ${words}`,
      ...ids,
    });
  }
  if (readsTable(a) && b.rows !== undefined && a.rows !== undefined) {
    const ratio = rowsRatio(b.rows, a.rows);
    if (ratio >= factor)
      out.push({
        kind: 'rows',
        severity: a.rows > b.rows ? 'warning' : 'info',
        text: `${name}: estimated rows ${formatRows(b.rows)} → ${formatRows(a.rows)} (${formatFactor(ratio)} ${a.rows > b.rows ? 'more' : 'fewer'})`,
        ...ids,
      });
  }
  const measuredBefore = b.actual?.totalRows;
  const measuredAfter = a.actual?.totalRows;
  if (readsTable(a) && measuredBefore !== undefined && measuredAfter !== undefined) {
    const ratio = rowsRatio(measuredBefore, measuredAfter);
    if (ratio >= factor)
      out.push({
        kind: 'measured-rows',
        severity: measuredAfter > measuredBefore ? 'warning' : 'info',
        text: `${name}: rows read ${formatRows(measuredBefore)} → ${formatRows(measuredAfter)} (${formatFactor(ratio)} ${measuredAfter > measuredBefore ? 'more' : 'fewer'})`,
        ...ids,
      });
  }
  return out;
}

/** How a sentence names the step a node is: a table read by its name, a join by its tables. */
function stepName(node: PlanNode): string {
  if (readsTable(node)) return nodeName(node);
  if (node.kind === 'join') return `Join of ${joinedTables(node)}`;
  // `Filter: (o.total > 100)` is a filter; `Sort: o.total DESC` a sort.
  const head = /^[^:(]*/.exec(node.label)![0].trim();
  return head.length > 0 && head.length <= 40 ? head : node.kind;
}

/** A text changed on a pair, shortened for the line, whole in `full` when it was cut. */
function textChange(
  kind: 'condition' | 'operation',
  lead: string,
  b: PlanNode,
  a: PlanNode,
  before: string,
  after: string,
): PlanChange {
  const short = shortenChange(before, after);
  return {
    kind,
    severity: 'info',
    text: `${lead}${short.before} → ${short.after}`,
    beforeNode: b.id,
    afterNode: a.id,
    ...(short.before !== before || short.after !== after ? { full: { before, after } } : {}),
  };
}

/**
 * The condition (a filter's, a join's, one a table read checks) and the pushed-down index
 * condition, where they changed. An index condition that came or went is the flag line's.
 */
function conditionChanges(b: PlanNode, a: PlanNode): PlanChange[] {
  const out: PlanChange[] = [];
  const name = stepName(a);
  // A hash join's condition goes into the inner lookup of a nested loop: the algorithm line
  // said so, and `(none)` here would only repeat it.
  const joinChanged = !sameJoin(joinAlgorithm(b), joinAlgorithm(a));
  if (!joinChanged && normalizedText(b.condition) !== normalizedText(a.condition))
    out.push(
      textChange(
        'condition',
        `${name}: condition `,
        b,
        a,
        b.condition ?? '(none)',
        a.condition ?? '(none)',
      ),
    );
  if (
    b.indexCondition !== undefined &&
    a.indexCondition !== undefined &&
    normalizedText(b.indexCondition) !== normalizedText(a.indexCondition)
  )
    out.push(
      textChange(
        'condition',
        `${name}: index condition `,
        b,
        a,
        b.indexCondition,
        a.indexCondition,
      ),
    );
  return out;
}

/** The operation's own words, when they changed and nothing else said how (a sort's keys). */
function wordsChange(b: PlanNode, a: PlanNode): PlanChange | undefined {
  if (normalizedText(b.label) === normalizedText(a.label)) return undefined;
  const lead = readsTable(a) ? `${nodeName(a)}: ` : 'Changed: ';
  return textChange('operation', lead, b, a, b.label, a.label);
}

/** How a join node joins, in its own words without its condition: `inner hash join`. */
function joinAlgorithm(node: PlanNode): string | undefined {
  if (node.kind !== 'join') return undefined;
  return normalizedText(node.label.replace(/\(.*$/s, ''));
}

/**
 * Whether two joins' words (see joinAlgorithm) say the same join: the same algorithm (nested
 * loop, hash, batched key access) and the same type (inner, left, semi, ...), where both say
 * one. Servers word one join differently: MySQL TREE says `nested loop inner join`, MariaDB
 * `nested loop join` (its JSON does not give the type), `inner hash join` against `hash join`.
 */
function sameJoin(before: string | undefined, after: string | undefined): boolean {
  if (before === after) return true;
  if (before === undefined || after === undefined) return false;
  const b = joinWords(before);
  const a = joinWords(after);
  return b.algorithm === a.algorithm && (b.type === a.type || !b.type || !a.type);
}

function joinWords(words: string): { algorithm: string; type: string | undefined } {
  const algorithm = /\bhash\b/.test(words)
    ? 'hash'
    : /\bnested loop\b/.test(words)
      ? 'nested loop'
      : /\bbatched key access\b/.test(words)
        ? 'batched key access'
        : words;
  const type = /\b(inner|left|right|full|semi|anti)(?: ?(?:outer )?join)?\b/.exec(words)?.[1];
  return { algorithm, type };
}

/** The tables a join brings together, as a sentence names them (`o, c`; at most four). */
function joinedTables(node: PlanNode): string {
  const names: string[] = [];
  const stack = [node];
  while (stack.length && names.length <= 4) {
    const next = stack.pop()!;
    if (readsTable(next)) names.push(nodeName(next));
    for (let c = next.children.length - 1; c >= 0; c--) stack.push(next.children[c]!);
  }
  return names.length > 4 ? `${names.slice(0, 4).join(', ')}, …` : names.join(', ');
}

/** Operations that cost memory or disk when a plan gains them. */
const HEAVY_KINDS = new Set(['sort', 'temporary', 'materialize', 'dedupe']);

function unmatchedChanges(
  plan: FlatPlan,
  matched: Int32Array,
  side: 'added' | 'removed',
): PlanChange[] {
  // The same operation added in many places (a big plan) is one line with a count.
  const lines = new Map<string, PlanChange>();
  for (let i = 0; i < plan.nodes.length; i++) {
    if (matched[i] !== -1) continue;
    const node = plan.nodes[i]!;
    // Query-block wrappers (`Select #2`) carry no operation of their own.
    if (node.kind === 'other' && node.table === undefined) continue;
    const table = readsTable(node);
    const text = table
      ? `${nodeName(node)}: ${side === 'added' ? 'now read' : 'no longer read'} (${node.label})`
      : `${side === 'added' ? 'Added' : 'Removed'}: ${nodeName(node)}`;
    const key = `${table}\u0001${operationText(node)}\u0001${text}`;
    const line = lines.get(key);
    if (line) {
      line.count = (line.count ?? 1) + 1;
      continue;
    }
    // A table now read by a full scan is as bad as a sort that came.
    const heavy =
      HEAVY_KINDS.has(node.kind) ||
      node.flags.some((f) => BAD_FLAGS.has(f) || f === 'full-table-scan');
    const change: PlanChange = {
      kind: table
        ? side === 'added'
          ? 'table-added'
          : 'table-removed'
        : side === 'added'
          ? 'operation-added'
          : 'operation-removed',
      severity: side === 'added' && heavy ? 'warning' : 'info',
      text,
    };
    if (side === 'added') change.afterNode = node.id;
    else change.beforeNode = node.id;
    lines.set(key, change);
  }
  return Array.from(lines.values()).map((c) =>
    c.count !== undefined ? { ...c, text: `${c.text} (${c.count} times)` } : c,
  );
}

function totalChanges(b: PlanTotals, a: PlanTotals, factor: number, costs: boolean): PlanChange[] {
  const out: PlanChange[] = [];
  // Below half a percent, a cost difference is rounding between formats, not a change.
  if (
    costs &&
    b.cost !== undefined &&
    a.cost !== undefined &&
    Math.abs(a.cost - b.cost) > Math.abs(b.cost) / 200
  ) {
    const percent = b.cost === 0 ? undefined : ((a.cost - b.cost) / b.cost) * 100;
    out.push({
      kind: 'cost',
      severity: a.cost > b.cost && rowsRatio(b.cost, a.cost) >= 2 ? 'warning' : 'info',
      text: `Cost ${formatCost(b.cost)} → ${formatCost(a.cost)}${percent === undefined ? '' : ` (${percent > 0 ? '+' : ''}${Math.round(percent)}%)`}`,
    });
  }
  if (b.timeMs !== undefined && a.timeMs !== undefined && b.timeMs !== a.timeMs) {
    const ratio = rowsRatio(b.timeMs, a.timeMs);
    out.push({
      kind: 'time',
      severity: a.timeMs > b.timeMs && ratio >= Math.min(factor, 2) ? 'warning' : 'info',
      text: `Measured time ${formatMs(b.timeMs)} → ${formatMs(a.timeMs)}`,
    });
  }
  return out;
}

function pairsOf(m: PlanMatching, changed: Uint8Array): DiffPair[] {
  const pairs: DiffPair[] = [];
  for (let i = 0; i < m.before.nodes.length; i++) {
    const node = m.before.nodes[i]!;
    const j = m.toAfter[i]!;
    if (j === -1) {
      pairs.push({ before: node.id, status: 'removed', moved: false });
      continue;
    }
    const other = m.after.nodes[j]!;
    const parentBefore = m.before.parent[i]!;
    const parentAfter = m.after.parent[j]!;
    const moved =
      parentBefore === -1 ? parentAfter !== -1 : m.toAfter[parentBefore] !== parentAfter;
    pairs.push({
      before: node.id,
      after: other.id,
      status: changed[i] ? 'changed' : 'same',
      moved,
    });
  }
  for (let j = 0; j < m.after.nodes.length; j++)
    if (m.toBefore[j] === -1)
      pairs.push({ after: m.after.nodes[j]!.id, status: 'added', moved: false });
  return pairs;
}
