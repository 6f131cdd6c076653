import type { ReplicationProblem } from '../../shared/replication/replication-problem';
import { SeverityIcon } from '../ui/SeverityIcon';

/** Problems found, the worst first as the backend ordered them, each with its severity. */
export function ProblemList({ problems }: { problems: readonly ReplicationProblem[] }) {
  return (
    <ul className="rp-problems">
      {problems.map((p, i) => (
        <li
          key={`${p.code}-${p.channel ?? ''}-${i}`}
          className={`rp-problem rp-problem-${p.severity}`}
          data-problem={p.code}
        >
          <SeverityIcon severity={p.severity} />
          <div>
            <strong>{p.title}</strong>
            {p.channel !== null && p.channel !== '' && (
              <span className="rp-muted"> · channel {p.channel}</span>
            )}
            <div className="rp-problem-detail">{p.detail}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
