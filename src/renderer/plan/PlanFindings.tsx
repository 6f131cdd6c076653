import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import { SeverityIcon } from '../ui/SeverityIcon';

/** The plan's findings, worst first as diagnosed; a click selects the node a finding is about. */
export function PlanFindings({
  diagnostics,
  onSelect,
}: {
  diagnostics: readonly Diagnostic[];
  onSelect: (nodeId: number) => void;
}) {
  return (
    <section aria-label="Findings" data-testid="plan-findings">
      <h2>Findings</h2>
      {diagnostics.length === 0 && <p className="empty-state">Nothing stands out in this plan.</p>}
      <ul className="findings">
        {diagnostics.map((d, i) => (
          <li key={i} className={`sev-${d.severity}`}>
            <button type="button" className="btn-link" onClick={() => onSelect(d.nodeId)}>
              <SeverityIcon severity={d.severity} /> {d.title}
            </button>
            {d.suggestion && <div className="suggestion">{d.suggestion}</div>}
          </li>
        ))}
      </ul>
      <p className="hint">Click a node for every field; double-click to fold or unfold it.</p>
    </section>
  );
}
