import { formatCount } from '../../../shared/format/count';

/** `1 row`, `2 rows`, `1.2 M rows`: a count with its noun agreeing. */
const counted = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;

/**
 * What a compared table's head says after its name: `equal: 300 rows in 4 chunks`, or
 * `1 row differs, in 1 of 4 chunks` (the verb agrees with the count, as the nouns do).
 */
export function driftTableSummary(result: {
  rows: number;
  chunks: number;
  chunksDiffering: number;
  differencesTotal: number;
}): string {
  if (result.differencesTotal === 0)
    return `equal: ${counted(result.rows, 'row')} in ${counted(result.chunks, 'chunk')}`;
  const verb = result.differencesTotal === 1 ? 'differs' : 'differ';
  return `${counted(result.differencesTotal, 'row')} ${verb}, in ${formatCount(result.chunksDiffering)} of ${counted(result.chunks, 'chunk')}`;
}
