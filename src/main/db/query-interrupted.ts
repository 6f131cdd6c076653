/** ER_QUERY_INTERRUPTED: the server's error for a statement stopped by KILL QUERY. */
export const ER_QUERY_INTERRUPTED = 1317;
