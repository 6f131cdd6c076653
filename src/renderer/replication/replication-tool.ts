import type { ToolDefinition } from '../app/tool-screen';
import { ReplicationScreen } from './ReplicationScreen';

/** The replication screen's entry in the tool registry. */
export const replicationTool: ToolDefinition = {
  title: 'Replication',
  description: 'Replica status, lag, topology and errant-GTID checks with a guided fix',
  Component: ReplicationScreen,
};
