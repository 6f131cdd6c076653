/** The user-timing mark set when a snapshot arrives (test/bench/processlist.bench.ts reads it). */
export const SNAPSHOT_MARK = 'sightline:processlist-snapshot';
