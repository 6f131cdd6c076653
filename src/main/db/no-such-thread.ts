/** ER_NO_SUCH_THREAD: the session ended before the KILL reached it. */
export const ER_NO_SUCH_THREAD = 1094;
