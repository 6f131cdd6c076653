import { useMemo } from 'react';
import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import { groupFindings, type FindingGroup } from '../../shared/explain/group-findings';
import { SeverityIcon } from '../ui/SeverityIcon';

/**
 * The plan's findings, worst first as diagnosed, the same finding on many nodes listed once with
 * its count; a click selects the (first) node it is about.
 */
export function PlanFindings({
  diagnostics,
  onSelect,
}: {
  diagnostics: readonly Diagnostic[];
  onSelect: (nodeId: number) => void;
}) {
  const groups = useMemo(() => groupFindings(diagnostics), [diagnostics]);
  return (
    <section aria-label="Findings" data-testid="plan-findings">
      <h2>Findings</h2>
      {groups.length === 0 && <p className="empty-state">Nothing stands out in this plan.</p>}
      <ul className="findings">
        {groups.map((g, i) => (
          <FindingItem key={i} group={g} onSelect={onSelect} />
        ))}
      </ul>
      <p className="hint">Click a node for every field; double-click to fold or unfold it.</p>
    </section>
  );
}

/** One finding; with several nodes, how many (the node details step through them). */
function FindingItem({
  group: { finding: d, nodeIds },
  onSelect,
}: {
  group: FindingGroup;
  onSelect: (nodeId: number) => void;
}) {
  return (
    <li className={`sev-${d.severity}`} data-testid="plan-finding" data-nodes={nodeIds.length}>
      <button type="button" className="btn-link" onClick={() => onSelect(nodeIds[0]!)}>
        <SeverityIcon severity={d.severity} /> {d.title}
      </button>
      {nodeIds.length > 1 && (
        <div className="finding-nodes" data-testid="finding-count">
          on {nodeIds.length.toLocaleString('en-US')} nodes: the first is selected, its details step
          to the next
        </div>
      )}
      {d.suggestion && <div className="suggestion">{d.suggestion}</div>}
    </li>
  );
}
