import { formatExactCount } from '../format/count';
import { formatCost, formatFactor, formatMs, formatRows } from './format-plan-figures';
import type { PlanNode } from './plan-model';

/** One line of a node's details: a label, the value as read, and the exact value on hover. */
export interface NodeFact {
  label: string;
  text: string;
  /** The unrounded value, when `text` rounds it. */
  exact?: string;
  /** Code-like text (conditions, columns, raw fields), shown in the monospace font. */
  code?: boolean;
}

/** `19,944.80029720068`: every digit the server gave, grouped. */
export function exactNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole, fraction] = String(Math.abs(n)).split('.');
  if (whole!.includes('e')) return String(n);
  return `${n < 0 ? '-' : ''}${formatExactCount(whole!)}${fraction ? `.${fraction}` : ''}`;
}

const list = (items: readonly string[] | undefined, sep = ', ') =>
  items?.length ? items.join(sep) : undefined;

/**
 * A node's fields for its details panel, in the order a reader looks for them, absent ones left
 * out: numbers formatted as the diagram shows them (k/M, ms/s) with their exact value kept for
 * the hover, measurements and costs one figure a line, never as JSON.
 */
export function nodeFacts(node: PlanNode): NodeFact[] {
  const out: NodeFact[] = [];
  const text = textFact(out);
  text('Label', node.label);
  text('Table', node.table);
  text('Alias', node.alias);
  text('Schema', node.schema);
  text('Select #', node.selectId);
  text('Access type', node.accessType);
  text('Key', node.key, true);
  text('Key parts', list(node.keyParts), true);
  text('Possible keys', list(node.possibleKeys), true);
  text('Ref', list(node.ref), true);
  figureFacts(node, out);
  text('Condition', node.condition, true);
  text('Index condition', node.indexCondition, true);
  text('Used columns', list(node.usedColumns), true);
  text('Flags', list(node.flags));
  text('Server notes', list(node.warnings, '; '));
  if (Object.keys(node.raw).length)
    out.push({ label: 'Other fields', text: JSON.stringify(node.raw, null, 1), code: true });
  return out;
}

/**
 * The figures a node box rounds (`1.8 k rows`, `47.4 ms`) with every digit, one
 * `label: exact` a line (`Rows (measured, all loops): 1,800`), for the box's hover.
 */
export function exactFigures(node: PlanNode): string[] {
  const out: NodeFact[] = [];
  figureFacts(node, out);
  return out.flatMap((f) => (f.exact !== undefined ? [`${f.label}: ${f.exact}`] : []));
}

function textFact(out: NodeFact[]) {
  return (label: string, value: string | number | undefined, code = false) => {
    if (value === undefined || value === '') return;
    out.push(code ? { label, text: String(value), code } : { label, text: String(value) });
  };
}

/** Rows, costs and what was measured, into `out`. */
function figureFacts(node: PlanNode, out: NodeFact[]): void {
  const text = textFact(out);
  // A time's exact value keeps its unit: `0.075652` alone reads as seconds as easily as ms.
  const figure = (
    label: string,
    value: number | undefined,
    format: (n: number) => string,
    unit = '',
  ) => {
    if (value === undefined) return;
    const shown = format(value);
    const exact = `${exactNumber(value)}${unit}`;
    out.push(shown === exact ? { label, text: shown } : { label, text: shown, exact });
  };
  figure('Rows (estimate)', node.rows, formatRows);
  figure('Filtered % (estimate)', node.filtered, formatRows);
  figure('Cost (this node)', node.cost?.self, formatCost);
  figure('Cost (with inputs)', node.cost?.total, formatCost);
  const a = node.actual;
  if (a && !a.executed) text('Measured', 'never executed');
  else if (a) {
    figure('Rows (measured, per loop)', a.rows, formatRows);
    if (a.rows !== undefined && node.rows !== undefined) {
      const ratio = Math.max(node.rows, 1) / Math.max(a.rows, 1);
      const factor = ratio >= 1 ? ratio : 1 / ratio;
      text(
        'Estimate vs measured',
        factor < 1.05
          ? 'as estimated'
          : `${formatFactor(factor)} ${ratio > 1 ? 'fewer' : 'more'} rows than estimated`,
      );
    }
    figure('Loops', a.loops, formatRows);
    figure('Rows (measured, all loops)', a.totalRows, formatRows);
    figure('Filtered % (measured)', a.filtered, formatRows);
    figure('First row (per loop)', a.firstRowMs, formatMs, ' ms');
    figure('Last row (per loop)', a.lastRowMs, formatMs, ' ms');
    figure('Time (all loops)', a.totalTimeMs, formatMs, ' ms');
    figure('Time (this node only)', a.selfTimeMs, formatMs, ' ms');
  }
}
