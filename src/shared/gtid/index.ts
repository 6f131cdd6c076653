// MySQL GTID set algebra exact to the server (parse, format, operations), errant-transaction
// analysis and fix plans, and MariaDB GTID positions.
export { GtidSet, gtidSetMembers, type GtidRange, type GtidSetMember } from './gtid-set';
export * from './parse-gtid-set';
export * from './malformed-gtid-set';
export * from './format-gtid-set';
export * from './gtid-set-algebra';
export * from './server-uuid';
export * from './errant-transactions';
export * from './promotion-check';
export * from './empty-transaction-fix-plan';
export * from './mariadb-gtid-list';
export * from './mariadb-positions';
export * from './mariadb-local-writes';
