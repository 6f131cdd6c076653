import type { Cell } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';

/**
 * Characters of a long value (one the grid holds only the start of) shown before its size, and
 * hex digits of bytes beyond which they are cut: few enough that the size after them still fits
 * in a column at its widest fitted width (MAX_FITTED_WIDTH, 50 characters). Cut further right,
 * the size was clipped off and a 16 MB BLOB looked like a whole value of 32 bytes.
 */
const LONG_PREVIEW_CHARS = 24;
const HEX_PREVIEW_DIGITS = 32;

/** How a value reads in a grid cell: NULL is its own mark, bytes show as hex with their size. */
export function cellDisplayText(cell: Cell): string {
  if (cell === null) return 'NULL';
  if (typeof cell === 'string') {
    return markLineBreaks(cell.length > 500 ? `${cell.slice(0, 500)}…` : cell);
  }
  // A value cut while it arrived (the result's memory limit) says so, with its whole size.
  const cut = cell.wholeBytes === undefined ? '' : `, cut from ${formatBytes(cell.wholeBytes)}`;
  if (cell.t === 'bin') {
    const hex =
      cell.hex.length > HEX_PREVIEW_DIGITS ? `${cell.hex.slice(0, HEX_PREVIEW_DIGITS)}…` : cell.hex;
    return `0x${hex.toUpperCase()} (${formatBytes(cell.bytes)}${cut})`;
  }
  return `${markLineBreaks(cell.text.slice(0, LONG_PREVIEW_CHARS))}… (${formatExactCount(cell.chars)} chars${cut})`;
}

/**
 * Line breaks drawn as `↵`: a one-line cell shows only its first line, so `line1\nline2` would
 * look exactly like `line1`. Copies and exports keep the breaks (cellCopyText).
 */
function markLineBreaks(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '↵');
}

/** The value as copied: exact text, `NULL` for NULL, bytes as 0x-hex. */
export function cellCopyText(cell: Cell): string {
  if (cell === null) return 'NULL';
  if (typeof cell === 'string') return cell;
  if (cell.t === 'bin') return `0x${cell.hex.toUpperCase()}`;
  return cell.text;
}

/** `1,024 B`, `3.4 KB`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatExactCount(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
