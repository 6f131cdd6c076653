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
        <Row label="Label" value={node.label} />
        <Row label="Table" value={node.table} />
        <Row label="Alias" value={node.alias} />
        <Row label="Schema" value={node.schema} />
        <Row label="Select #" value={node.selectId} />
        <Row label="Access type" value={node.accessType} />
        <Row label="Key" value={node.key} />
        <Row label="Key parts" value={node.keyParts?.join(', ')} />
        <Row label="Possible keys" value={node.possibleKeys?.join(', ')} />
        <Row label="Ref" value={node.ref?.join(', ')} />
        <Row label="Rows (estimate)" value={node.rows} />
        <Row label="Filtered %" value={node.filtered} />
        <Row label="Cost" value={node.cost} />
        <Row label="Measured" value={node.actual} />
        <Row label="Condition" value={node.condition} />
        <Row label="Index condition" value={node.indexCondition} />
        <Row label="Used columns" value={node.usedColumns?.join(', ')} />
        <Row label="Flags" value={node.flags.length ? node.flags.join(', ') : undefined} />
        <Row
          label="Server notes"
          value={node.warnings.length ? node.warnings.join('; ') : undefined}
        />
        <Row label="Other fields" value={Object.keys(node.raw).length ? node.raw : undefined} />
      </dl>
    </section>
  );
}
