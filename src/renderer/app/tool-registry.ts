import { AlterScreen } from '../alter/AlterScreen';
import { ProcesslistScreen } from '../processlist/ProcesslistScreen';
import { TuningScreen } from '../tuning/TuningScreen';
import { replicationTool } from '../replication/replication-tool';
import type { ToolDefinition, ToolKind } from './tool-screen';

/**
 * The tool screens built so far, in the order their buttons appear. Each screen's folder adds
 * its entry here; App and the connection header only read this table.
 */
export const toolScreens: Partial<Record<ToolKind, ToolDefinition>> = {
  replication: replicationTool,
  processlist: {
    title: 'Processlist',
    description: 'Who is running what, who blocks whom, explain and KILL',
    Component: ProcesslistScreen,
  },
  alter: {
    title: 'ALTER',
    description: 'Plan an ALTER TABLE, check its risks live, run it with progress, ETA and cancel',
    Component: AlterScreen,
  },
  tuning: {
    title: 'Tuning',
    description: 'Top statements, one-click explain, index experiments, schema health',
    Component: TuningScreen,
  },
};

/** Registered tools in display order. */
export function registeredTools(): Array<[ToolKind, ToolDefinition]> {
  const order: ToolKind[] = ['processlist', 'replication', 'alter', 'tuning'];
  return order.flatMap((k) => {
    const d = toolScreens[k];
    return d ? [[k, d] as [ToolKind, ToolDefinition]] : [];
  });
}
