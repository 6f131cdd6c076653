import { formatCount, formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import { formatBytes } from '../grid/cell-text';
import type { ColumnKey, TableRow } from './process-columns';

/** A cell's text as the table shows it, and its tooltip (the exact figure, the whole value). */
export function cellText(r: TableRow, key: ColumnKey): { text: string; title?: string } {
  const row = r.row;
  switch (key) {
    case 'attention':
      return r.row.self && !r.attention
        ? { text: 'this view', title: 'The connection this screen reads the processlist on' }
        : { text: r.attentionShort ?? r.attention, title: r.attention };
    case 'id':
      return { text: String(row.id) };
    case 'user':
      return { text: row.user, title: row.user };
    case 'host':
      return { text: row.host, title: row.host };
    case 'db':
      return { text: row.db ?? '', title: row.db ?? '' };
    case 'command':
      return { text: row.command, title: row.command };
    case 'time':
      return {
        text: formatDuration(row.timeMs),
        title: `${formatExactCount(Math.round(row.timeMs))} ms`,
      };
    case 'state':
      return { text: row.state ?? '', title: row.state ?? '' };
    case 'trx':
      return r.transaction
        ? {
            text: formatDuration(r.transaction.ageSeconds * 1000),
            title: `${r.transaction.state}, ${r.transaction.isolation ?? ''}`,
          }
        : { text: '' };
    case 'rowsExamined':
      return row.rowsExamined === null
        ? { text: '' }
        : { text: formatCount(row.rowsExamined), title: formatExactCount(row.rowsExamined) };
    case 'rowsSent':
      return row.rowsSent === null
        ? { text: '' }
        : { text: formatCount(row.rowsSent), title: formatExactCount(row.rowsSent) };
    case 'lock':
      return row.lockMs === null
        ? { text: '' }
        : { text: formatDuration(row.lockMs), title: `${row.lockMs.toFixed(3)} ms` };
    case 'tmpTables':
      return row.tmpTables === null
        ? { text: '' }
        : {
            text: `${row.tmpTables} (${row.tmpDiskTables ?? 0})`,
            title: `${row.tmpTables} temporary tables, ${row.tmpDiskTables ?? 0} on disk`,
          };
    case 'memory':
      return row.memoryBytes === null
        ? { text: '' }
        : {
            text: formatBytes(row.memoryBytes),
            title: `${formatExactCount(row.memoryBytes)} bytes now${row.memoryPeakBytes === null ? '' : `, ${formatExactCount(row.memoryPeakBytes)} at most`}`,
          };
    case 'progress':
      return row.progress === null
        ? { text: '' }
        : {
            text: `${row.progress.toFixed(1)} %`,
            title:
              row.progressStage ??
              (row.stage ? `stage ${row.stage.current} of ${row.stage.max}` : ''),
          };
    case 'info':
      return { text: row.info?.replace(/\s+/g, ' ') ?? '', title: row.info?.slice(0, 500) ?? '' };
  }
}
