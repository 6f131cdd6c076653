import { useState } from 'react';
import { formatTimestamp } from '../../../shared/format/timestamp';
import type { SettingAdvice } from '../../../shared/replication/settings-advice';
import { openExternal } from '../../app/open-external';
import { ErrorNotice } from '../../app/ErrorNotice';
import { SeverityIcon } from '../../ui/SeverityIcon';
import { useReplicationSettings } from './use-replication-settings';
import './replication-settings.css';

/**
 * The settings that decide how this server replicates, each explained with what to change and
 * the manual page, worst first. Settings with nothing to say are folded away until asked for.
 */
export function ReplicationSettingsSection({
  sessionId,
  active,
}: {
  sessionId: string;
  active: boolean;
}) {
  const { settings, advice, readAt, error, loading, refresh } = useReplicationSettings(
    sessionId,
    active,
  );
  const [showFine, setShowFine] = useState(false);
  const attention = advice.filter((a) => a.severity !== 'ok');
  const fine = advice.filter((a) => a.severity === 'ok');

  return (
    <section className="rp-section rs-settings" aria-label="Replication settings">
      <div className="rp-section-head">
        <h3>Settings</h3>
        <span className="rp-grow" />
        {readAt !== null && (
          <span className="rp-muted">read {formatTimestamp(new Date(readAt).toISOString())}</span>
        )}
        <button type="button" className="btn-small" onClick={refresh} disabled={loading}>
          {loading ? 'Reading…' : 'Read again'}
        </button>
      </div>
      {error && <ErrorNotice error={error} title="Replication settings could not be read" />}
      {!settings && !error && <p className="empty-state">Reading the replication settings…</p>}
      {settings && (
        <>
          <p className="rp-muted rs-summary">
            {attention.length === 0
              ? 'Nothing to change: every setting below suits replication.'
              : `${attention.length} setting${attention.length === 1 ? '' : 's'} to look at, worst first.`}{' '}
            Each says what it does and what changing it would change; Sightline changes nothing.
          </p>
          <ul className="rp-problems rs-list">
            {attention.map((a) => (
              <AdviceItem key={a.id} advice={a} />
            ))}
          </ul>
          {fine.length > 0 && (
            <>
              <button
                type="button"
                className="btn-link rs-fold"
                aria-expanded={showFine}
                onClick={() => setShowFine((s) => !s)}
              >
                {showFine ? '▾' : '▸'} {fine.length} setting{fine.length === 1 ? '' : 's'} that need
                nothing
              </button>
              {showFine && (
                <ul className="rp-problems rs-list">
                  {fine.map((a) => (
                    <AdviceItem key={a.id} advice={a} />
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

function AdviceItem({ advice }: { advice: SettingAdvice }) {
  return (
    <li className={`rp-problem rp-problem-${advice.severity}`} data-advice={advice.id}>
      <SeverityIcon severity={advice.severity} />
      <div className="rs-body">
        <strong>{advice.title}</strong>
        {advice.settings.length > 0 && (
          <div className="rs-values mono">
            {advice.settings.map((s) => (
              <span key={s.name} className="rs-value">
                {s.name} = {s.value === '' ? "''" : s.value}
              </span>
            ))}
          </div>
        )}
        <div className="rs-detail">{advice.detail}</div>
        {advice.change && <div className="rs-change">{advice.change}</div>}
        <a
          className="rs-manual"
          href={advice.manual.url}
          onClick={(e) => {
            e.preventDefault();
            openExternal(advice.manual.url);
          }}
        >
          {advice.manual.title} ↗
        </a>
      </div>
    </li>
  );
}
