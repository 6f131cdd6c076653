import { useState } from 'react';
import {
  ENABLE_STAGES_CONSUMER,
  STAGES_CONSUMER_NOTICE,
} from '../../shared/processlist/processlist-source';
import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import { Notice } from '../ui/Notice';
import { loadStagesNoticeHidden, saveStagesNoticeHidden } from './filter-store';

/**
 * Why the Progress column is empty on MySQL (the stages consumer is off) and how to turn it on;
 * once put away it stays away for this connection.
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
    <Notice severity="info" data={{ 'data-notice': STAGES_CONSUMER_NOTICE }}>
      No stage progress: MySQL reports how far an ALTER TABLE, LOAD DATA… has got (the Progress
      column) only while the performance_schema consumer events_stages_current is on, and it is off.
      To turn it on: <code>{ENABLE_STAGES_CONSUMER}</code>{' '}
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
