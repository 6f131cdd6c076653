import type { AlterPreflight } from '../../shared/api/alter';

/** How the user chose to run the checked ALTER. */
export interface RunChoice {
  /** The proposed statement (with its ALGORITHM/LOCK clause), not the one as written. */
  useProposed: boolean;
  /** lock_wait_timeout for the run, s. */
  lockWait: number;
  /** Switch the stage instruments on for progress (when they are off). */
  consent: boolean;
}

export const DEFAULT_RUN_CHOICE: RunChoice = { useProposed: true, lockWait: 10, consent: false };

/**
 * How to run the checked ALTER: which statement, the lock wait, stage instruments; and Run
 * (`onRun` absent while a run is under way).
 */
export function RunOptions({
  preflight,
  choice,
  onChoice,
  onRun,
}: {
  preflight: AlterPreflight;
  choice: RunChoice;
  onChoice: (patch: Partial<RunChoice>) => void;
  onRun: (() => void) | null;
}) {
  const { useProposed, lockWait, consent } = choice;
  const refused = preflight.plan.rejected !== null;
  return (
    <section className="alt-section" aria-labelledby="alt-runopts-title">
      <h3 id="alt-runopts-title">Run</h3>
      <div className="alt-run-options">
        <label className="check">
          <input
            type="radio"
            name="alt-which"
            checked={useProposed}
            onChange={() => onChoice({ useProposed: true })}
          />{' '}
          The proposed statement{preflight.plan.clause ? ` (${preflight.plan.clause})` : ''}
        </label>
        <label className="check">
          <input
            type="radio"
            name="alt-which"
            checked={!useProposed}
            onChange={() => onChoice({ useProposed: false })}
          />{' '}
          The statement as written
        </label>
        <label className="inline-field alt-lock-wait">
          <span>lock_wait_timeout (s)</span>
          <input
            type="number"
            min={1}
            max={31536000}
            className="input-narrow num"
            value={lockWait}
            onChange={(e) =>
              onChoice({ lockWait: Math.max(1, Math.trunc(Number(e.target.value) || 1)) })
            }
          />
        </label>
        {preflight.stageInstrumentsOff && (
          <label className="check" data-testid="alter-stage-consent">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => onChoice({ consent: e.target.checked })}
            />{' '}
            Switch on performance_schema’s ALTER stage instruments for progress and an ETA
            (server-wide; the previous settings are put back when the ALTER ends). Without it:
            elapsed time only.
          </label>
        )}
      </div>
      {refused && (
        <p className="muted" data-testid="alter-run-refused">
          The server is expected to refuse this statement (see the plan): running it would change
          nothing. It can still be run, for a server that answers otherwise.
        </p>
      )}
      <button
        type="button"
        className="btn-danger alt-run-button"
        disabled={onRun === null}
        onClick={() => onRun?.()}
      >
        {refused ? 'Run ALTER anyway…' : 'Run ALTER…'}
      </button>
    </section>
  );
}
