import type { SlowLogResult } from '../../shared/api/slowlog';
import { formatExactCount } from '../../shared/format/count';
import { OWN_STATEMENT_TAG } from '../../shared/tuning/own-statement-tag';

/**
 * Shows or hides the classes of Sightline's own statements in the log (its polling, metadata
 * reads and explains, which it sends with a tag comment), with how many are hidden.
 */
export function SlowLogOwnSwitch({
  result,
  showOwn,
  onChange,
}: {
  result: SlowLogResult;
  showOwn: boolean;
  onChange: (showOwn: boolean) => void;
}) {
  const { own } = result;
  return (
    <label
      className="inline-field tune-own"
      title={`Sightline tags its own statements ${OWN_STATEMENT_TAG}; a class all of whose statements carry the tag is Sightline's own.`}
    >
      <input
        type="checkbox"
        checked={showOwn}
        onChange={(e) => onChange(e.target.checked)}
        data-testid="slowlog-show-own"
      />
      <span>Sightline’s own</span>
      {!showOwn && own.classes.length > 0 && (
        <span className="hint" data-testid="slowlog-own-hidden">
          ({formatExactCount(own.classes.length)} {own.classes.length === 1 ? 'class' : 'classes'},{' '}
          {formatExactCount(own.entries)} statements hidden)
        </span>
      )}
    </label>
  );
}
