import { useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import { formatCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import type { BlockerStory as Story, PastStatement } from '../../shared/processlist/blocker-story';
import type { ServerRun } from '../../shared/server/server-run';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { Notice } from '../ui/Notice';

/** Statement text shown per line; the whole text is in the tooltip. */
const SHOWN_CHARS = 240;

function StatementLine({ s }: { s: PastStatement }) {
  const sql = s.sql ?? '(no text kept)';
  const facts = [
    s.startedAgoMs === null ? null : `${formatDuration(s.startedAgoMs)} ago`,
    s.durationMs === null
      ? null
      : `ran ${s.durationMs < 1 ? 'under 1 ms' : formatDuration(s.durationMs)}`,
    s.rowsAffected === null
      ? null
      : `${formatCount(s.rowsAffected)} row${s.rowsAffected === 1 ? '' : 's'} changed`,
  ].filter(Boolean);
  return (
    <li className={s.inTransaction ? 'pl-story-in-trx' : undefined}>
      <code title={sql}>{sql.length > SHOWN_CHARS ? `${sql.slice(0, SHOWN_CHARS)}…` : sql}</code>
      <div className="pl-muted">
        {facts.join(' · ')}
        {s.inTransaction && <span className="pl-story-badge">in the open transaction</span>}
        {s.error && <span className="pl-sev-text-warning"> · error {s.error}</span>}
      </div>
    </li>
  );
}

function History({
  story,
  onOpenInEditor,
}: {
  story: Story;
  onOpenInEditor: (sql: string) => void;
}) {
  const h = story.history;
  if (h.state === 'unavailable') {
    return (
      <Notice
        severity="warning"
        role="note"
        className="pl-story-notice"
        testId="pl-story-history-off"
        title="No statement history"
        actions={
          h.enableSql && (
            <button type="button" onClick={() => onOpenInEditor(h.enableSql!)}>
              Open in editor
            </button>
          )
        }
      >
        {h.reason} Its last statements cannot be shown.
        {h.enableSql && <pre className="mono pl-story-sql">{h.enableSql}</pre>}
        {h.more && <div className="pl-muted">{h.more}</div>}
      </Notice>
    );
  }
  if (h.statements.length === 0) {
    return (
      <p className="pl-muted">{h.sources.join(' and ')} holds no statement of this session.</p>
    );
  }
  return (
    <>
      <strong>Last statements</strong>{' '}
      <span className="pl-muted">(oldest first, from {h.sources.join(' and ')})</span>
      <ol className="pl-story-statements" data-testid="pl-story-statements">
        {h.statements.map((s) => (
          <StatementLine key={s.eventId} s={s} />
        ))}
      </ol>
    </>
  );
}

/**
 * What a blocking session is and did: read once when its details open (not on every poll):
 * client and program, its open transaction, and the statements it ran.
 */
export function BlockerStory({
  sessionId,
  id,
  serverRun,
  onOpenInEditor,
}: {
  sessionId: string;
  id: number;
  serverRun: ServerRun;
  onOpenInEditor: (sql: string) => void;
}) {
  const [story, setStory] = useState<Story | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let live = true;
    api.call('processlist.blockerStory', { sessionId, id, seenIn: serverRun }).then(
      (s) => live && (setStory(s), setError(null)),
      (e: unknown) => live && setError(errorShapeOf(e)),
    );
    return () => {
      live = false;
    };
  }, [sessionId, id, serverRun, reads]);

  const trx = story?.transaction;
  return (
    <section className="pl-story" aria-label={`What #${id} did`} data-testid="pl-story">
      <header className="pl-story-header">
        <strong>What #{id} did</strong>
        <button type="button" className="btn-link" onClick={() => setReads((n) => n + 1)}>
          Read again
        </button>
      </header>
      {error && <ErrorNotice error={error} title={`Could not read what #${id} did`} />}
      {!story && !error && <p className="pl-muted">Reading…</p>}
      {story && (
        <>
          <dl className="facts pl-facts">
            <dt>Client</dt>
            <dd>{story.host ?? '— (session gone)'}</dd>
            <dt>Program</dt>
            <dd
              title={Object.entries(story.attributes)
                .map(([k, v]) => `${k}=${v}`)
                .join('\n')}
            >
              {story.programName ?? (
                <span className="pl-muted">{story.attributesNote ?? 'no program_name sent'}</span>
              )}
            </dd>
            <dt>Transaction</dt>
            <dd data-testid="pl-story-trx">
              {trx ? (
                <>
                  started {trx.startedAt ?? '?'} (server time), open{' '}
                  {formatDuration(trx.ageSeconds * 1000)}; rows locked {trx.rowsLocked ?? '—'},
                  modified {trx.rowsModified ?? '—'}
                </>
              ) : (
                'none open'
              )}
            </dd>
          </dl>
          <History story={story} onOpenInEditor={onOpenInEditor} />
        </>
      )}
    </section>
  );
}
