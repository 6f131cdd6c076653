import { useLayoutEffect, useRef, useState } from 'react';
import type { ToolDefinition, ToolKind } from '../app/tool-screen';
import { Menu } from '../ui/Menu';

/**
 * One button per server tool (processlist, replication, ...), for a connection's header. With
 * `fold` the buttons take the room left in the header and fold into a "Tools" menu when it is
 * too little, so the header stays on one line.
 */
export function ToolButtons({
  tools,
  onOpen,
  disabled = false,
  fold = false,
}: {
  tools: Array<[ToolKind, ToolDefinition]>;
  onOpen: (kind: ToolKind) => void;
  disabled?: boolean;
  fold?: boolean;
}) {
  const slotRef = useRef<HTMLSpanElement>(null);
  const groupRef = useRef<HTMLSpanElement>(null);
  /** The width the buttons need side by side, measured while they are shown. */
  const [needed, setNeeded] = useState<number | null>(null);
  const [folded, setFolded] = useState(false);

  useLayoutEffect(() => {
    if (!fold) return;
    const slot = slotRef.current;
    if (!slot) return;
    const check = () => {
      const group = groupRef.current;
      const width = group ? group.scrollWidth : needed;
      if (group && width !== needed) setNeeded(width);
      // Folds when the buttons are squeezed; unfolds once the room left is wide enough again.
      if (width !== null) setFolded(slot.clientWidth + 2 < width);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(slot);
    return () => observer.disconnect();
  }, [fold, needed, folded]);

  if (tools.length === 0) return null;
  const buttons = (
    <span className="tool-buttons" role="group" aria-label="Server tools" ref={groupRef}>
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
  if (!fold) return buttons;
  return (
    <span
      className={`tool-slot${folded ? ' folded' : ''}`}
      ref={slotRef}
      style={!folded && needed !== null ? { flexBasis: needed } : undefined}
    >
      {folded ? (
        <Menu
          label="Server tools"
          trigger={
            <>
              Tools <span aria-hidden="true">▾</span>
            </>
          }
          items={tools.map(([kind, def]) => ({
            key: kind,
            label: def.title,
            title: def.description,
            disabled,
            onSelect: () => onOpen(kind),
          }))}
        />
      ) : (
        buttons
      )}
    </span>
  );
}
