/** The user-timing mark set when a snapshot arrives (test/bench/processlist.bench.ts reads it). */
export const SNAPSHOT_MARK = 'sightline:processlist-snapshot';

/**
 * The user-timing mark set when the table's DOM shows a new live snapshot (before that frame is
 * painted): the bench times the frame after it, not a frame that may come before React commits.
 */
export const SNAPSHOT_SHOWN_MARK = 'sightline:processlist-shown';
