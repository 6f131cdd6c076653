import type { PlanRecord } from '../../shared/api/tuning';
import type { PlanToShow, ToolScreenProps } from '../app/tool-screen';
import { planOfRecord } from '../plan-compare/plan-sources';

/** The plans kept of this statement before today's, each to compare with today's. */
export function EarlierPlans({
  earlier,
  today,
  showCompare,
}: {
  earlier: readonly PlanRecord[] | null;
  /** Today's plan, with its statement. */
  today: PlanToShow;
  showCompare: ToolScreenProps['showCompare'];
}) {
  return (
    <>
      <h4>Earlier plans</h4>
      {earlier && earlier.length === 0 && (
        <p className="hint">
          No earlier plan of this statement is kept yet: each explain is kept, so the next one can
          be compared with today’s.
        </p>
      )}
      <ul className="tune-earlier">
        {earlier?.map((r) => (
          <li key={r.recordedAt + r.connectionId}>
            <span className="num">{r.recordedAt.slice(0, 19).replace('T', ' ')} UTC</span>{' '}
            <span className="hint">
              {r.connectionName} · {r.serverVersion}
            </span>{' '}
            <button
              type="button"
              className="btn-link"
              onClick={() =>
                showCompare?.({
                  title: 'Earlier plan against today’s',
                  before: planOfRecord(r),
                  after: today,
                })
              }
            >
              Compare with today
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
