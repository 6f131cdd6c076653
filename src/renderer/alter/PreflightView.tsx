import type { AlterPreflight } from '../../shared/api/alter';
import { SeverityIcon } from '../ui/SeverityIcon';
import { Notice } from '../ui/Notice';
import { BlockerTable } from './BlockerTable';
import { LintFindings } from './LintFindings';
import { AlgorithmBadge, LockBadge, UnknownBadge } from './PlanBadges';
import { TableFacts } from './TableFacts';
import { TableHead } from './TableHead';
import { ToolCommands } from './ToolCommands';

/** The plan per operation, the risks, the proposed clause, and what the live server said. */
export function PreflightView({ preflight }: { preflight: AlterPreflight }) {
  const { plan, facts } = preflight;
  return (
    <div className="alt-preflight" data-testid="alter-preflight">
      <section className="alt-section" aria-labelledby="alt-plan-title">
        <h3 id="alt-plan-title">
          Plan for {facts.schema}.{facts.table}:{' '}
          {plan.certainty === 'unknown' ? (
            <UnknownBadge />
          ) : (
            <>
              <AlgorithmBadge algorithm={plan.algorithm} /> <LockBadge lock={plan.lock} />
            </>
          )}
        </h3>
        <p className="alt-summary">{plan.summary}</p>
        <table className="alt-table" data-testid="alter-operations">
          <TableHead columns={['Operation', 'Algorithm', 'Lock', 'Why']} />
          <tbody>
            {plan.operations.map((p, i) => (
              <tr key={i}>
                <td className="mono">{p.operation.text}</td>
                {p.certainty === 'unknown' ? (
                  <td colSpan={2}>
                    <UnknownBadge />
                  </td>
                ) : (
                  <>
                    <td>
                      <AlgorithmBadge algorithm={p.algorithm} />
                    </td>
                    <td>
                      <LockBadge lock={p.lock} />
                    </td>
                  </>
                )}
                <td>{p.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="alt-section" aria-labelledby="alt-risks-title">
        <h3 id="alt-risks-title">Risks</h3>
        {preflight.risks.length === 0 ? (
          <p className="empty-state">Nothing found that would make this change risky.</p>
        ) : (
          <ul className="alt-risks" data-testid="alter-risks">
            {preflight.risks.map((r, i) => (
              <li key={i} className={`alt-risk alt-risk-${r.severity}`} data-severity={r.severity}>
                <SeverityIcon severity={r.severity} /> <span>{r.text}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <LintFindings findings={preflight.findings} />

      <section className="alt-section" aria-labelledby="alt-clause-title">
        <h3 id="alt-clause-title">Proposed statement</h3>
        {plan.clause ? (
          <p className="hint">
            With <code>{plan.clause}</code> the server refuses, instead of silently doing something
            slower, if the plan turns out wrong.
          </p>
        ) : null}
        {plan.clauseNote && <Notice severity="info">{plan.clauseNote}</Notice>}
        <pre className="alt-sql" data-testid="alter-proposed">
          {plan.proposedSql}
        </pre>
      </section>

      <TableFacts preflight={preflight} />

      <section className="alt-section" aria-labelledby="alt-blockers-title">
        <h3 id="alt-blockers-title">Sessions in the way</h3>
        {preflight.blockers.length === 0 ? (
          <p className="empty-state">
            No session holds the table’s metadata lock or has a transaction open on it now: the
            ALTER would not queue.
          </p>
        ) : (
          <BlockerTable blockers={preflight.blockers} />
        )}
      </section>

      <ToolCommands tools={preflight.toolCommands} />
    </div>
  );
}
