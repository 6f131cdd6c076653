import { memo } from 'react';
import type { KillMode } from '../../shared/processlist/kill-plan';
import { KillButtons } from './KillButtons';

/** What to do with the sessions ticked in the table: KILL them (through the confirmation). */
export const TickedKill = memo(function TickedKill({
  ids,
  onKill,
  onClear,
}: {
  /** The ticked sessions still running, in id order (see tickedForKill). */
  ids: readonly number[];
  onKill: (mode: KillMode, ids: number[]) => void;
  onClear: () => void;
}) {
  if (ids.length === 0) return null;
  return (
    <div className="pl-ticked" role="group" aria-label="Ticked sessions">
      <span>
        {ids.length} ticked session{ids.length === 1 ? '' : 's'}:
      </span>
      <KillButtons
        ids={ids}
        onKill={onKill}
        small
        label={(mode) => `Preview KILL ${mode.toUpperCase()} (${ids.length})`}
      />
      <button type="button" className="btn-link" onClick={onClear}>
        Untick all
      </button>
    </div>
  );
});
