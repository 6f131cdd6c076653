import { SLOWLOG_TOP_CLASSES, type SlowLogResult, type SlowLogRun } from '../../shared/api/slowlog';
import { formatBytes } from '../../shared/format/bytes';
import { formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import { slowLogTimeText } from '../../shared/slowlog/timestamp';
import { Notice } from '../ui/Notice';
import { slowLogFilterText } from './slowlog-columns';

/**
 * What a finished analysis covered: entries, classes, time range, the filter and what it left
 * out, and what could not be read.
 */
export function SlowLogSummary({ run, result }: { run: SlowLogRun; result: SlowLogResult }) {
  const { malformed } = result;
  const filter = slowLogFilterText(result.filter);
  return (
    <>
      {filter && (
        <p className="slowlog-summary" data-testid="slowlog-filtered">
          Filtered: <span className="mono">{filter}</span>; {formatExactCount(result.filteredOut)}{' '}
          {result.filteredOut === 1 ? 'statement' : 'statements'} left out.
        </p>
      )}
      <p className="slowlog-summary" data-testid="slowlog-summary">
        {formatExactCount(result.entries)} statements in {formatExactCount(result.classesTotal)}{' '}
        classes, {formatDuration(result.totalQueryTime * 1000)} of query time
        {result.timeRange &&
          `, from ${slowLogTimeText(result.timeRange.first)} to ${slowLogTimeText(result.timeRange.last)}`}
        .{' '}
        <span className="hint">
          {run.unit === 'rows'
            ? `${formatExactCount(run.bytesRead)} rows`
            : formatBytes(run.bytesRead)}{' '}
          read in {formatDuration(run.elapsedMs)}.
          {result.classesTotal > SLOWLOG_TOP_CLASSES &&
            ` The top ${SLOWLOG_TOP_CLASSES} of the chosen order are shown.`}
        </span>
      </p>
      {malformed.count > 0 && (
        <Notice
          severity="warning"
          title={`${formatExactCount(malformed.count)} entries could not be read`}
          testId="slowlog-malformed"
        >
          They were left out; the rest was read.{' '}
          {malformed.first
            .map((p) => `byte ${p.offset}: ${p.detail}`)
            .slice(0, 5)
            .join('; ')}
          {malformed.count > 5 && '; …'}
        </Notice>
      )}
    </>
  );
}
