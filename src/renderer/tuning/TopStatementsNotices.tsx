import type { TopStatements } from '../../shared/api/tuning';
import { lostDigestsNote } from '../../shared/tuning/lost-digests';
import { shortWindowNote } from '../../shared/tuning/snapshot-ring';
import { Notice } from '../ui/Notice';

/** What the answer says about its own figures: a short window, a truncation, lost digests. */
export function TopStatementsNotices({ data }: { data: TopStatements | null }) {
  if (!data?.available) return null;
  const shortNote = data.baseline ? shortWindowNote(data.baseline) : null;
  const lost = lostDigestsNote({
    lost: data.lostDigests,
    sinceStart: data.lostDigestsSinceStart,
    window: data.baseline !== null,
  });
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
      {lost && (
        <Notice severity={lost.severity} role="status" testId="tune-lost-digests">
          {lost.text}
        </Notice>
      )}
    </>
  );
}
