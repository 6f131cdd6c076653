import { useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import {
  skippedSummary,
  type BackgroundExplainSettings,
  type BackgroundExplainStatus,
} from '../../shared/tuning/background-explain';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { usePolling } from '../data/use-polling';

/** How often the screen asks where the schedule stands (it only reads backend memory). */
const STATUS_POLL_MS = 10_000;
const INTERVALS = [5, 15, 30, 60, 240, 1440];
const COUNTS = [5, 10, 20, 50];

/** `14:02 UTC` from an ISO time. */
const utcMinute = (iso: string) => `${iso.slice(11, 16)} UTC`;

function minutesLabel(m: number): string {
  return m % 60 === 0 ? `${m / 60} h` : `${m} min`;
}

/** The choices of a select, with the saved value among them even if it is not a usual one. */
function withValue(values: readonly number[], value: number): number[] {
  return values.includes(value) ? [...values] : [...values, value].sort((a, b) => a - b);
}

/** One line on where the schedule stands: on or off, its last run, its next. */
function statusLine(s: BackgroundExplainStatus): string {
  const parts: string[] = [];
  if (s.state === 'off') parts.push('Off');
  else if (s.state === 'blocked') parts.push('Not running');
  else if (s.state === 'running') parts.push('Running now');
  else parts.push('On');
  const run = s.lastRun;
  if (run) {
    const what = run.error
      ? `failed (${run.error})`
      : `explained ${run.explained.length} of the top ${run.considered}`;
    parts.push(`last run ${utcMinute(run.finishedAt)}: ${what}`);
    const skipped = skippedSummary(run.skipped);
    if (skipped) parts.push(skipped);
    if (run.failed.length > 0) parts.push(`${run.failed.length} the server would not explain`);
  } else if (s.state === 'waiting' || s.state === 'running') {
    parts.push('not run yet');
  }
  if (s.nextRunAt) {
    parts.push(
      `next ${utcMinute(s.nextRunAt)}` +
        (s.failuresInARow > 0 ? ` (waiting longer after ${s.failuresInARow} failed)` : ''),
    );
  }
  return parts.join(' · ');
}

/**
 * The Tuning screen's background explains: on or off, how often and how many top statements,
 * whether a production connection allows them, and what the last run did. The schedule runs in
 * the backend while this screen's session is open.
 */
export function BackgroundExplains({ sessionId, connection, confirm }: ToolScreenProps) {
  /** The answer to the user's last change, and when it came. */
  const [saved, setSaved] = useState<{ status: BackgroundExplainStatus; at: number } | null>(null);
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const [busy, setBusy] = useState(false);
  const polled = usePolling(() => api.call('tuning.schedule', { sessionId }), {
    key: sessionId,
    intervalMs: STATUS_POLL_MS,
  });
  // The newer of the polled status and the answer to the user's last change.
  const status =
    saved && (polled.lastOk === null || polled.lastOk < saved.at)
      ? saved.status
      : (polled.data ?? null);

  const act = async (title: string, call: () => Promise<BackgroundExplainStatus>) => {
    setBusy(true);
    setError(null);
    try {
      const s = await call();
      setSaved({ status: s, at: Date.now() });
    } catch (e) {
      setError({ title, error: errorShapeOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const save = (change: Partial<BackgroundExplainSettings>) => {
    if (!status) return;
    void act('Could not save the background explains', () =>
      api.call('tuning.saveSchedule', { sessionId, settings: { ...status.settings, ...change } }),
    );
  };
  const allowOnProduction = async (allow: boolean) => {
    if (allow) {
      const ok = await confirm({
        title: `Explain in the background on ${connection.name}?`,
        consequence:
          'This connection is marked production. Background explains run EXPLAIN (never ANALYZE) of its top statements that only read, inside a READ ONLY transaction, on the schedule set here, while this tab is open.',
        detail: 'START TRANSACTION READ ONLY; EXPLAIN <statement>; ROLLBACK;',
        connectionName: connection.name,
        color: connection.color,
        typedConfirmation: true,
        confirmLabel: 'Allow background explains',
      });
      if (!ok) return;
    }
    save({ allowOnProduction: allow });
  };

  if (!status) {
    return polled.error ? (
      <ErrorNotice error={errorShapeOf(polled.error)} title="Could not read the schedule" />
    ) : null;
  }
  const { settings } = status;
  return (
    <div className="tune-background" data-testid="tune-background">
      <label className="inline-field">
        <input
          type="checkbox"
          checked={settings.enabled}
          disabled={busy}
          onChange={(e) => save({ enabled: e.target.checked })}
        />
        <span>Explain top statements in the background</span>
      </label>
      <label className="inline-field">
        <span>every</span>
        <select
          aria-label="Background explain interval"
          value={settings.intervalMinutes}
          disabled={busy}
          onChange={(e) => save({ intervalMinutes: Number(e.target.value) })}
        >
          {withValue(INTERVALS, settings.intervalMinutes).map((m) => (
            <option key={m} value={m}>
              {minutesLabel(m)}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field">
        <span>top</span>
        <select
          aria-label="Statements per background run"
          value={settings.topStatements}
          disabled={busy}
          onChange={(e) => save({ topStatements: Number(e.target.value) })}
        >
          {withValue(COUNTS, settings.topStatements).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {connection.production && (
        <label className="inline-field" title="Off unless allowed for this connection">
          <input
            type="checkbox"
            checked={settings.allowOnProduction}
            disabled={busy}
            onChange={(e) => void allowOnProduction(e.target.checked)}
          />
          <span>Allow on this production connection</span>
        </label>
      )}
      <button
        type="button"
        className="btn-small"
        disabled={busy || status.state === 'off' || status.state === 'blocked'}
        onClick={() =>
          void act('The background explains could not run', () =>
            api.call('tuning.runSchedule', { sessionId }),
          )
        }
      >
        {busy && status.state !== 'off' ? 'Explaining…' : 'Run now'}
      </button>
      <span
        className="tune-background-status"
        role="status"
        data-testid="tune-background-status"
        data-last-run={status.lastRun?.finishedAt ?? ''}
        title={status.lastRun?.failed.map((f) => `${f.statement}: ${f.message}`).join('\n')}
      >
        {statusLine(status)}
      </span>
      {status.blockedReason && (
        <span className="tune-background-blocked" data-testid="tune-background-blocked">
          {status.blockedReason}
        </span>
      )}
      {error && <ErrorNotice error={error.error} title={error.title} />}
    </div>
  );
}
