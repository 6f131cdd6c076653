import type { AlterFinding } from '../../shared/api/alter';
import { SeverityIcon } from '../ui/SeverityIcon';
import './lint-findings.css';

/**
 * What `sightline lint` says of the typed statement on the live table: the same rules and ids a
 * CI job reports, so what is fixed here stays fixed there.
 */
export function LintFindings({ findings }: { findings: readonly AlterFinding[] }) {
  return (
    <section className="alt-section" aria-labelledby="alt-findings-title">
      <h3 id="alt-findings-title">
        Lint findings{' '}
        <span className="hint">
          (as <code>sightline lint</code> reports them)
        </span>
      </h3>
      {findings.length === 0 ? (
        <p className="empty-state" data-testid="alter-findings-clean">
          No lint rule finds anything in this statement.
        </p>
      ) : (
        <ul className="lint-findings" data-testid="alter-findings">
          {findings.map((f, i) => (
            <li
              key={i}
              className={`lint-finding lint-finding-${f.severity}`}
              data-rule={f.rule}
              data-severity={f.severity}
            >
              <SeverityIcon severity={f.severity} />
              <div className="lint-finding-body">
                <div>
                  <strong>{f.title}</strong> <code className="lint-finding-rule">{f.rule}</code>{' '}
                  <span className="hint num">
                    line {f.line}, column {f.column}
                  </span>
                </div>
                <div>{f.message}</div>
                {f.fix && (
                  <div className="lint-finding-fix">
                    Fix: <span className="mono">{f.fix}</span>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
