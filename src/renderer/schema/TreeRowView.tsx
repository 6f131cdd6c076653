import type { ServerFlavor } from '../../shared/server/flavor';
import { rowText } from './row-text';
import { TreeIcon } from './TreeIcon';
import type { TreeRow } from './tree-model';

/** Pixels each level is indented by. */
const INDENT = 12;

/** One line of the schema tree: twisty, icon, name, a muted note, figures on the right. */
export function TreeRowView({
  row,
  position,
  top,
  flavor,
  focusable,
  selected,
  rowRef,
  onActivate,
  onMenu,
}: {
  row: TreeRow;
  /** Its place among the rows under the same parent, and how many there are. */
  position: { posinset: number; setsize: number };
  /** Where it sits (px) in a tree that draws only the rows in view; in the flow when not. */
  top?: number;
  flavor: ServerFlavor;
  /** The one row reached with Tab (roving focus). */
  focusable: boolean;
  /** The row the user last clicked or moved to. */
  selected: boolean;
  rowRef: (el: HTMLDivElement | null) => void;
  onActivate: () => void;
  onMenu: (x: number, y: number) => void;
}) {
  const { node } = row;
  const text = rowText(node, flavor);
  const icon =
    node.kind === 'routine' ? node.routine.kind : node.kind === 'status' ? 'status' : node.kind;
  const name = node.kind === 'status' ? undefined : text.label;
  return (
    <div
      ref={rowRef}
      role="treeitem"
      aria-level={row.level}
      aria-posinset={position.posinset}
      aria-setsize={position.setsize}
      aria-expanded={row.expandable ? row.expanded : undefined}
      aria-selected={selected}
      tabIndex={focusable ? 0 : -1}
      className={`tree-row tree-kind-${node.kind}${
        node.kind === 'schema' && node.schema.system ? ' tree-system' : ''
      }${node.kind === 'status' && node.error ? ' tree-error' : ''}`}
      style={{
        paddingLeft: 4 + (row.level - 1) * INDENT,
        ...(top === undefined ? {} : { position: 'absolute', top, left: 0, right: 0 }),
      }}
      title={text.title}
      data-kind={node.kind}
      data-name={name}
      onClick={onActivate}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu(e.clientX, e.clientY);
      }}
    >
      <span className="tree-twisty" aria-hidden="true">
        {row.expandable ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      <TreeIcon kind={icon} />
      <span className="tree-label">{text.label}</span>
      {text.note && <span className="tree-note">{text.note}</span>}
      {text.flag && <span className="sev-badge sev-badge-warning tree-flag">{text.flag}</span>}
      {text.figures.length > 0 && (
        <span className="tree-figures">
          {text.figures.map((f, i) => (
            <span key={i} className="tree-figure num" title={f.title}>
              {f.text}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
