import type { TopStatements } from '../../shared/api/tuning';
import { formatExactCount } from '../../shared/format/count';
import { shortWindowNote } from '../../shared/tuning/snapshot-ring';
import { Notice } from '../ui/Notice';

/** What the answer says about its own figures: a short window, a truncation, lost digests. */
export function TopStatementsNotices({ data }: { data: TopStatements | null }) {
  if (!data?.available) return null;
  const shortNote = data.baseline ? shortWindowNote(data.baseline) : null;
  return (
    <>
      {shortNote && (
        <Notice severity="info" role="status" testId="tune-window-short">
          {shortNote}
        </Notice>
      )}
      {data.probablyTruncated && (
        <Notice severity="info" role="status">
          The digest table was truncated (or most rows evicted) since the window started: figures
          count from then.
        </Notice>
      )}
      {(data.lostDigests ?? 0) > 0 && (
        <Notice severity="warning">
          {formatExactCount(data.lostDigests!)} statements were not summarised: the digest table is
          full (performance_schema_digests_size).
        </Notice>
      )}
    </>
  );
}
