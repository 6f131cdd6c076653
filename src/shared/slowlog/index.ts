// Slow query logs: a streaming reader (MySQL, Percona Server, MariaDB formats), pt-query-digest's
// fingerprints and class IDs, per-class statistics as it computes them, ranking and reports.
export * from './entry';
export * from './entry-attributes';
export * from './attribute-names';
export * from './plain-decimal';
export * from './slowlog-reader';
export * from './fingerprint';
export * from './md5';
export * from './timestamp';
export * from './pt-buckets';
export * from './slowlog-digest';
export * from './digest-report';
export * from './display-text';
