import { AlterScreen } from '../alter/AlterScreen';
import { ProcesslistScreen } from '../processlist/ProcesslistScreen';
import { TuningScreen } from '../tuning/TuningScreen';
import { replicationTool } from '../replication/replication-tool';
import { Glyph } from '../ui/Glyph';
import type { ToolDefinition, ToolKind } from './tool-screen';

/**
 * The tool screens built so far, in the order their buttons appear. Each screen's folder adds
 * its entry here; App and the connection header only read this table.
 */
export const toolScreens: Partial<Record<ToolKind, ToolDefinition>> = {
  replication: { ...replicationTool, icon: <Glyph name="replication" /> },
  processlist: {
    title: 'Processlist',
    icon: <Glyph name="list" />,
    description: 'Who is running what, who blocks whom, explain and KILL',
    Component: ProcesslistScreen,
  },
  alter: {
    title: 'ALTER',
    icon: <Glyph name="alter" />,
    description: 'Plan an ALTER TABLE, check its risks live, run it with progress, ETA and cancel',
    Component: AlterScreen,
  },
  tuning: {
    title: 'Tuning',
    icon: <Glyph name="tuning" />,
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
