import type { SavedConnection } from '../../shared/api/connection';
import { registeredTools } from '../app/tool-registry';
import type { ToolKind } from '../app/tool-screen';
import { ConnectionDetails } from '../connections/ConnectionDetails';
import { ToolButtons } from './ToolButtons';

/** What shows with no tab in front: the connection picked in the rail, or a welcome. */
export function HomePage({
  selected,
  connecting,
  onConnect,
  onEdit,
  onDuplicate,
  onDelete,
  onOpenTool,
}: {
  selected: SavedConnection | null;
  connecting: boolean;
  onConnect: (c: SavedConnection) => void;
  onEdit: (c: SavedConnection) => void;
  onDuplicate: (c: SavedConnection) => void;
  onDelete: (c: SavedConnection) => void;
  onOpenTool: (c: SavedConnection, kind: ToolKind) => void;
}) {
  if (!selected) {
    return (
      <div className="empty-state welcome">
        <h1>Sightline</h1>
        <p>
          Pick a saved connection on the left, or create one with <strong>+ New</strong>.
        </p>
      </div>
    );
  }
  return (
    <ConnectionDetails
      connection={selected}
      connecting={connecting}
      onConnect={() => onConnect(selected)}
      onEdit={() => onEdit(selected)}
      onDuplicate={() => onDuplicate(selected)}
      onDelete={() => onDelete(selected)}
      tools={
        <ToolButtons
          tools={registeredTools()}
          disabled={connecting}
          onOpen={(k) => onOpenTool(selected, k)}
        />
      }
    />
  );
}
