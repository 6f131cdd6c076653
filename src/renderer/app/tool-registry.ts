import type { ToolDefinition, ToolKind } from './tool-screen';

/**
 * The tool screens built so far, in the order their buttons appear. Each screen's folder adds
 * its entry here; App and the connection header only read this table.
 */
export const toolScreens: Partial<Record<ToolKind, ToolDefinition>> = {};

/** Registered tools in display order. */
export function registeredTools(): Array<[ToolKind, ToolDefinition]> {
  const order: ToolKind[] = ['processlist', 'replication', 'alter', 'tuning'];
  return order.flatMap((k) => {
    const d = toolScreens[k];
    return d ? [[k, d] as [ToolKind, ToolDefinition]] : [];
  });
}
