// Replica status normalised across MySQL and MariaDB versions, lag, health, errant-transaction
// findings and the topology model.
export * from './replication-channel';
export * from './status-columns';
export * from './true-lag';
export * from './replication-problem';
export * from './channel-health';
export * from './errant-finding';
export * from './topology-model';
export * from './node-health';
export * from './topology-tree';
export * from './heartbeat-lag';
export * from './unlisted-replicas';
export * from './promotion';
