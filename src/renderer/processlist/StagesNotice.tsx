import { useState } from 'react';
import {
  ENABLE_STAGES_CONSUMER,
  STAGES_CONSUMER_NOTICE,
} from '../../shared/processlist/processlist-source';
import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import { Notice } from '../ui/Notice';
import { loadStagesNoticeHidden, saveStagesNoticeHidden } from './filter-store';

/**
 * Why the Progress column is empty on MySQL (the stages consumer is off), in one line that opens
 * on how to turn it on; once put away it stays away for this connection.
 */
export function StagesNotice({
  connectionId,
  latest,
}: {
  connectionId: string;
  latest: ProcesslistSnapshot | null;
}) {
  const [hidden, setHidden] = useState(() => loadStagesNoticeHidden(connectionId));
  if (hidden || !latest?.notices.some((n) => n.key === STAGES_CONSUMER_NOTICE)) return null;
  return (
    <Notice
      severity="info"
      className="pl-compact-notice"
      data={{ 'data-notice': STAGES_CONSUMER_NOTICE }}
    >
      <details className="pl-notice-details">
        <summary>
          No stage progress: the consumer events_stages_current is off.{' '}
          <span className="btn-link">How to turn it on</span>
        </summary>
        MySQL reports how far an ALTER TABLE, LOAD DATA… has got (the Progress column) only while
        the performance_schema consumer events_stages_current is on. To turn it on:{' '}
        <code>{ENABLE_STAGES_CONSUMER}</code>
      </details>{' '}
      <button
        type="button"
        className="btn-link"
        onClick={() => {
          setHidden(true);
          saveStagesNoticeHidden(connectionId);
        }}
      >
        Hide
      </button>
    </Notice>
  );
}
