import { useMemo } from 'react';
import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import { groupFindings, type FindingGroup } from '../../shared/explain/group-findings';
import { nodeFacts } from '../../shared/explain/node-facts';
import type { PlanNode } from '../../shared/explain/plan-model';
import { Notice } from '../ui/Notice';

const sameFinding = (a: Diagnostic, b: Diagnostic) =>
  a.code === b.code &&
  a.severity === b.severity &&
  a.title === b.title &&
  a.suggestion === b.suggestion;

/** "Node 3 of 1,650 with this finding", and a step to the next one (wrapping round). */
function SameFindingStep({
  nodeId,
  group,
  onSelect,
}: {
  nodeId: number;
  group: FindingGroup | undefined;
  onSelect: (nodeId: number) => void;
}) {
  if (!group || group.nodeIds.length < 2) return null;
  const at = group.nodeIds.indexOf(nodeId);
  const count = group.nodeIds.length.toLocaleString('en-US');
  return (
    <div className="finding-nodes" data-testid="same-finding">
      <span>
        Node {(at + 1).toLocaleString('en-US')} of {count} with this finding
      </span>
      <button
        type="button"
        className="btn-small"
        onClick={() => onSelect(group.nodeIds[(at + 1) % group.nodeIds.length]!)}
      >
        Next node →
      </button>
    </div>
  );
}

/**
 * Every field of the selected node (numbers as read, exact on hover), its findings, and the
 * source keys the parser kept raw.
 */
export function NodeDetails({
  node,
  diagnostics,
  onSelect,
}: {
  node: PlanNode;
  diagnostics: Diagnostic[];
  /** Selects another node: the next one with the same finding. */
  onSelect: (nodeId: number) => void;
}) {
  const mine = diagnostics.filter((d) => d.nodeId === node.id);
  const groups = useMemo(() => groupFindings(diagnostics), [diagnostics]);
  const groupOf = (d: Diagnostic) =>
    groups.find((g) => g.nodeIds.includes(d.nodeId) && sameFinding(g.finding, d));
  return (
    <section className="node-details" aria-label="Node details" data-testid="node-details">
      <h2>
        {node.kind}: {node.table ?? node.label}
      </h2>
      {mine.map((d, i) => (
        <Notice key={i} severity={d.severity} role="note" title={d.title}>
          {d.explanation}
          {d.suggestion && <div className="suggestion">{d.suggestion}</div>}
          <SameFindingStep nodeId={node.id} group={groupOf(d)} onSelect={onSelect} />
        </Notice>
      ))}
      <dl className="facts">
        {nodeFacts(node).map((f) => (
          <div key={f.label} className="fact" data-fact={f.label}>
            <dt>{f.label}</dt>
            <dd className={f.code ? 'mono pre' : 'num'} title={f.exact}>
              {f.text}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
