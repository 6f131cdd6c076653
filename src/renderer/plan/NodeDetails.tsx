import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import type { PlanNode } from '../../shared/explain/plan-model';
import { Notice } from '../ui/Notice';

function Row({ label, value }: { label: string; value: unknown }) {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    return null;
  const text = typeof value === 'object' ? JSON.stringify(value, null, 1) : String(value);
  return (
    <>
      <dt>{label}</dt>
      <dd className={typeof value === 'object' ? 'mono pre' : undefined}>{text}</dd>
    </>
  );
}

const list = (items: readonly string[] | undefined, sep = ', ') =>
  items?.length ? items.join(sep) : undefined;

/** The node's fields in the order a reader looks for them; absent ones are left out. */
const FACTS: readonly (readonly [string, (node: PlanNode) => unknown])[] = [
  ['Label', (n) => n.label],
  ['Table', (n) => n.table],
  ['Alias', (n) => n.alias],
  ['Schema', (n) => n.schema],
  ['Select #', (n) => n.selectId],
  ['Access type', (n) => n.accessType],
  ['Key', (n) => n.key],
  ['Key parts', (n) => list(n.keyParts)],
  ['Possible keys', (n) => list(n.possibleKeys)],
  ['Ref', (n) => list(n.ref)],
  ['Rows (estimate)', (n) => n.rows],
  ['Filtered %', (n) => n.filtered],
  ['Cost', (n) => n.cost],
  ['Measured', (n) => n.actual],
  ['Condition', (n) => n.condition],
  ['Index condition', (n) => n.indexCondition],
  ['Used columns', (n) => list(n.usedColumns)],
  ['Flags', (n) => list(n.flags)],
  ['Server notes', (n) => list(n.warnings, '; ')],
  ['Other fields', (n) => (Object.keys(n.raw).length ? n.raw : undefined)],
];

/** Every field of the selected node, its findings, and the source keys the parser kept raw. */
export function NodeDetails({ node, diagnostics }: { node: PlanNode; diagnostics: Diagnostic[] }) {
  const mine = diagnostics.filter((d) => d.nodeId === node.id);
  return (
    <section className="node-details" aria-label="Node details" data-testid="node-details">
      <h2>
        {node.kind}: {node.table ?? node.label}
      </h2>
      {mine.map((d, i) => (
        <Notice key={i} severity={d.severity} role="note" title={d.title}>
          {d.explanation}
          {d.suggestion && <div className="suggestion">{d.suggestion}</div>}
        </Notice>
      ))}
      <dl className="facts">
        {FACTS.map(([label, value]) => (
          <Row key={label} label={label} value={value(node)} />
        ))}
      </dl>
    </section>
  );
}
