/**
 * How long a screen's read (a processlist poll, a replication status or discovery, ALTER
 * progress, Tuning, the schema browser) may go unanswered before its connection is given up.
 * Such reads take milliseconds, seconds on a very busy server. A server that is frozen (a
 * stalled disk) or cut off by the network keeps the connection open and never answers: past
 * this, the screen says the server cannot be reached and retries, instead of showing the last
 * answer as if it were current.
 */
export const SCREEN_READ_TIMEOUT_MS = 30_000;

/**
 * The limit in ms, asked at each read: the user's setting (Settings → Screens), so a change
 * applies to the next read of every screen without reconnecting.
 */
export type ScreenReadTimeout = () => number;

/** The limit as first installed. */
export const defaultScreenReadTimeout: ScreenReadTimeout = () => SCREEN_READ_TIMEOUT_MS;
