import type { ToolDefinition, ToolKind } from './tool-screen';

/** One button per server tool (processlist, replication, ...), for a connection's header. */
export function ToolButtons({
  tools,
  onOpen,
  disabled = false,
}: {
  tools: Array<[ToolKind, ToolDefinition]>;
  onOpen: (kind: ToolKind) => void;
  disabled?: boolean;
}) {
  if (tools.length === 0) return null;
  return (
    <span className="tool-buttons" role="group" aria-label="Server tools">
      {tools.map(([kind, def]) => (
        <button
          key={kind}
          type="button"
          title={def.description}
          disabled={disabled}
          data-tool-button={kind}
          onClick={() => onOpen(kind)}
        >
          {def.title}
        </button>
      ))}
    </span>
  );
}
