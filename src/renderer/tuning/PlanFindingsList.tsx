import type { ExplainRunResult } from '../../shared/api/explain';
import { SeverityIcon } from '../ui/SeverityIcon';

/** An explained statement's findings under their heading, or that nothing stands out. */
export function PlanFindingsList({
  explained,
  testId,
}: {
  explained: ExplainRunResult;
  testId?: string;
}) {
  const findings = explained.report.diagnostics;
  return (
    <>
      <h4>Findings</h4>
      {findings.length === 0 ? (
        <p className="hint">Nothing stands out in this plan.</p>
      ) : (
        <ul className="findings" data-testid={testId}>
          {findings.map((d, i) => (
            <li key={i} className={`sev-${d.severity}`}>
              <SeverityIcon severity={d.severity} /> {d.title}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
