import type { AlterPreflight } from '../../shared/api/alter';

/** How to run the checked ALTER: which statement, the lock wait, stage instruments; and Run. */
export function RunOptions({
  preflight,
  useProposed,
  onUseProposed,
  lockWait,
  onLockWait,
  consent,
  onConsent,
  running,
  onRun,
}: {
  preflight: AlterPreflight;
  useProposed: boolean;
  onUseProposed: (proposed: boolean) => void;
  lockWait: number;
  onLockWait: (seconds: number) => void;
  consent: boolean;
  onConsent: (consent: boolean) => void;
  running: boolean;
  onRun: () => void;
}) {
  return (
    <section className="alt-section" aria-labelledby="alt-runopts-title">
      <h3 id="alt-runopts-title">Run</h3>
      <div className="alt-run-options">
        <label className="check">
          <input
            type="radio"
            name="alt-which"
            checked={useProposed}
            onChange={() => onUseProposed(true)}
          />{' '}
          The proposed statement{preflight.plan.clause ? ` (${preflight.plan.clause})` : ''}
        </label>
        <label className="check">
          <input
            type="radio"
            name="alt-which"
            checked={!useProposed}
            onChange={() => onUseProposed(false)}
          />{' '}
          The statement as written
        </label>
        <label className="field inline-field">
          <span>lock_wait_timeout (s)</span>
          <input
            type="number"
            min={1}
            max={31536000}
            className="input-narrow num"
            value={lockWait}
            onChange={(e) => onLockWait(Math.max(1, Math.trunc(Number(e.target.value) || 1)))}
          />
        </label>
        {preflight.stageInstrumentsOff && (
          <label className="check" data-testid="alter-stage-consent">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => onConsent(e.target.checked)}
            />{' '}
            Switch on performance_schema’s ALTER stage instruments for progress and an ETA
            (server-wide; the previous settings are put back when the ALTER ends). Without it:
            elapsed time only.
          </label>
        )}
      </div>
      <button type="button" className="btn-danger" disabled={running} onClick={onRun}>
        Run ALTER…
      </button>
    </section>
  );
}
