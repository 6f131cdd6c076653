/** The tree's head: folds the whole tree away, and reads the schemas again. */
export function SchemaTreeHeader({
  collapsed,
  onCollapse,
  onRefresh,
}: {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  onRefresh: () => void;
}) {
  return (
    <div className="schema-tree-header">
      <button
        type="button"
        className="schema-tree-toggle"
        aria-expanded={!collapsed}
        onClick={() => onCollapse(!collapsed)}
      >
        <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span> Schemas
      </button>
      <span className="spacer" />
      {!collapsed && (
        <button
          type="button"
          className="btn-small schema-tree-refresh"
          onClick={onRefresh}
          title="Read the schemas again (also for completion)"
        >
          ⟳ Refresh
        </button>
      )}
    </div>
  );
}
