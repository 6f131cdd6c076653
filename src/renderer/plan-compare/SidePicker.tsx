import { useId, useState } from 'react';
import type { PlanToShow } from '../shell/tabs/tab-payloads';
import { useOpenPlans } from '../shell/tabs/open-plans';
import { samplePlans } from '../plan/sample-plans';
import { SampleSelect } from '../plan/SampleSelect';
import { FailureNotice } from '../ui/FailureNotice';
import type { Side } from './compare-rows';
import { planOfRecord, planOfText, recordTime } from './plan-sources';
import { useEarlierPlans } from './use-earlier-plans';

/** Earlier plans listed at most (newest first): the history keeps every explain. */
const EARLIER_SHOWN = 20;

const HEADING: Record<Side, string> = { before: 'Before', after: 'After' };

/**
 * Where a side's plan comes from: any open plan tab, an earlier plan of the statement (from the
 * plan history, on this connection or every one), a pasted plan or a sample.
 */
export function SidePicker({
  side,
  current,
  other,
  onPick,
  onCancel,
}: {
  side: Side;
  /** The plan on this side now, if any. */
  current: PlanToShow | null;
  /** The plan on the other side, if any. */
  other: PlanToShow | null;
  onPick: (plan: PlanToShow) => void;
  /** Keeps the plan this side has (absent while it has none). */
  onCancel?: (() => void) | undefined;
}) {
  const open = useOpenPlans();
  const [text, setText] = useState('');
  // Several compare tabs can each have a picker open: ids of their own.
  const textId = useId();
  const [everywhere, setEverywhere] = useState(false);
  // Earlier plans of the statement this side showed, else of the other side's.
  const source = [current, other].find((p) => p?.statement) ?? null;
  const earlier = useEarlierPlans(source, everywhere ? null : (source?.connectionId ?? null));
  const where = (document: string) =>
    document === other?.document
      ? ` (the ${HEADING[side === 'before' ? 'after' : 'before']} plan)`
      : document === current?.document
        ? ' (on this side now)'
        : '';

  return (
    <section
      className="cmp-pick"
      data-testid="cmp-pick"
      aria-label={`Choose the ${HEADING[side]} plan`}
    >
      <div className="cmp-pick-head">
        <h3>Choose the {HEADING[side]} plan</h3>
        {onCancel && (
          <button type="button" className="btn-small" onClick={onCancel}>
            Keep the {HEADING[side]} plan
          </button>
        )}
      </div>
      <div className="cmp-pick-sources">
        <div className="cmp-pick-source" data-testid="cmp-pick-tabs">
          <h4>Open plan tabs</h4>
          {open.length === 0 ? (
            <p className="hint">No plan tab shows a plan: each explain opens one.</p>
          ) : (
            <ul className="cmp-pick-list">
              {open.map((p) => (
                <li key={p.tabId}>
                  <button type="button" className="btn-link" onClick={() => onPick(p.plan)}>
                    {p.name}
                  </button>
                  <span className="hint">{where(p.plan.document)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="cmp-pick-source" data-testid="cmp-pick-earlier">
          <h4>Earlier plans of this statement</h4>
          {earlier.state === 'none' && (
            <p className="hint">
              Earlier plans are found by the statement explained; these plans came without it
              (pasted, a sample, or opened from elsewhere).
            </p>
          )}
          {earlier.state === 'loading' && <p className="hint">Looking in the plan history…</p>}
          {earlier.state === 'failed' && (
            <FailureNotice error={earlier.error} title="Could not read the plan history" />
          )}
          {earlier.state === 'done' && earlier.records.length === 0 && (
            <p className="hint">No plan of this statement is kept yet.</p>
          )}
          {earlier.state === 'done' && earlier.records.length > 0 && (
            <ul className="cmp-pick-list">
              {earlier.records.slice(0, EARLIER_SHOWN).map((r) => (
                <li key={`${r.recordedAt}\u0001${r.connectionId}`}>
                  <button
                    type="button"
                    className="btn-link"
                    onClick={() => onPick(planOfRecord(r))}
                  >
                    {recordTime(r)}
                  </button>{' '}
                  <span className="hint">
                    {r.connectionName} · {r.serverVersion}
                    {where(r.document)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {source && (
            <label className="cmp-pick-everywhere">
              <input
                type="checkbox"
                checked={everywhere}
                onChange={(e) => setEverywhere(e.target.checked)}
              />
              From every connection
            </label>
          )}
        </div>
        <div className="cmp-pick-source cmp-pick-paste">
          <label htmlFor={textId}>
            Paste the plan to compare with (any EXPLAIN output Sightline reads), or open a sample.
          </label>
          <textarea
            id={textId}
            rows={6}
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="cmp-pick-actions">
            <SampleSelect
              label="Sample plan to compare with"
              onText={(t, file) =>
                onPick(planOfText(t, samplePlans().find((p) => p.file === file)?.title ?? file))
              }
            />
            <button
              type="button"
              className="btn-primary"
              disabled={!text.trim()}
              onClick={() => onPick(planOfText(text, 'Pasted plan'))}
            >
              Compare
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
