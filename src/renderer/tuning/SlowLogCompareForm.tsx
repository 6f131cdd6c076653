import { useState } from 'react';
import type { SlowLogFilter, SlowLogWindow } from '../../shared/api/slowlog';
import { filterProblems, SlowLogFilterFields } from './SlowLogFilterFields';
import { SlowLogPathField } from './SlowLogPathField';

/**
 * Two windows to compare, before and after a deploy: each a time window (and user, host,
 * database) of the same log, or of a second log when the after side names one.
 */
export function SlowLogCompareForm({
  path,
  onPathChange,
  busy,
  onCompare,
}: {
  /** The log of the before side (shared with the classes view's field). */
  path: string;
  onPathChange: (path: string) => void;
  busy: boolean;
  onCompare: (before: SlowLogWindow, after: SlowLogWindow) => void;
}) {
  const [afterPath, setAfterPath] = useState('');
  const [before, setBefore] = useState<SlowLogFilter>({});
  const [after, setAfter] = useState<SlowLogFilter>({});
  const ready = path.trim() !== '' && !filterProblems(before) && !filterProblems(after);
  return (
    <form
      className="slowlog-compare-form"
      data-testid="slowlog-compare-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready || busy) return;
        onCompare(
          { path, filter: before },
          { path: afterPath.trim() === '' ? path : afterPath, filter: after },
        );
      }}
    >
      <section aria-label="Before" data-testid="slowlog-before">
        <h4>Before</h4>
        <div className="slowlog-open">
          <SlowLogPathField label="Log" value={path} onChange={onPathChange} disabled={busy} />
        </div>
        <SlowLogFilterFields value={before} onChange={setBefore} label="Before window" />
      </section>
      <section aria-label="After" data-testid="slowlog-after">
        <h4>After</h4>
        <div className="slowlog-open">
          <SlowLogPathField
            label="Log"
            value={afterPath}
            onChange={setAfterPath}
            disabled={busy}
            placeholder="the same log as before (or another: after a rotation)"
          />
        </div>
        <SlowLogFilterFields value={after} onChange={setAfter} label="After window" />
      </section>
      <div>
        <button type="submit" className="btn-small btn-primary" disabled={!ready || busy}>
          Compare
        </button>
      </div>
    </form>
  );
}
