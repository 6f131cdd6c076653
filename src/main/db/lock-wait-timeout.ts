/**
 * ER_LOCK_WAIT_TIMEOUT: a lock was not granted within its timeout (lock_wait_timeout for a
 * table's metadata lock or LOCK TABLES, innodb_lock_wait_timeout for a row lock).
 */
export const ER_LOCK_WAIT_TIMEOUT = 1205;
