import type { TopStatements } from '../../shared/api/tuning';
import { formatExactCount } from '../../shared/format/count';
import { OWN_STATEMENT_TAG } from '../../shared/tuning/own-statement-tag';

/**
 * Shows or hides Sightline's own statements (its polling, metadata reads and explains, sent
 * with a tag comment), with how many are hidden and how they are recognised on this server.
 */
export function OwnStatementsSwitch({
  data,
  showOwn,
  onChange,
}: {
  data: TopStatements | null;
  showOwn: boolean;
  onChange: (showOwn: boolean) => void;
}) {
  const available = data?.available ? data : null;
  const how = available
    ? `Sightline tags its own statements ${OWN_STATEMENT_TAG}; recognised here by ${available.ownSource}.`
    : undefined;
  return (
    <label className="inline-field tune-own" title={how}>
      <input
        type="checkbox"
        checked={showOwn}
        onChange={(e) => onChange(e.target.checked)}
        data-testid="tune-show-own"
      />
      <span>Sightline’s own</span>
      {available && !showOwn && available.ownHidden > 0 && (
        <span className="hint" data-testid="tune-own-hidden">
          ({formatExactCount(available.ownHidden)} hidden)
        </span>
      )}
    </label>
  );
}
