import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ServerFlavor } from '../../shared/server/flavor';
import { onMetadataChange, refreshCatalogue } from '../editor/completion/catalogue-cache';
import { copyableName } from './tree-actions';
import { detailsKey, siblingPositions, treeRows, type TreeRow } from './tree-model';
import { loadTreeFilter, loadTreeFolded, saveTreeFilter, saveTreeFolded } from './tree-prefs';
import { SchemaTreeHeader } from './SchemaTreeHeader';
import { TreeRowView } from './TreeRowView';
import { TreeStatus } from './TreeStatus';
import { useFilterHits } from './use-filter-hits';
import { useSchemaData } from './use-schema-data';
import { useTreeMenu } from './use-tree-menu';
import { PointMenu } from '../ui/PointMenu';
import { SearchField } from '../ui/SearchField';
import { SeverityIcon } from '../ui/SeverityIcon';
import { useRowWindow } from '../ui/use-row-window';
import './schema-tree.css';

/** The height of a row (schema-tree.css) where the tree draws only the rows in view. */
const ROW_HEIGHT = 22;
/**
 * From this many rows on, the tree draws only those in view (a schema of 20,000 tables took
 * seconds to open and scrolled in jerks when every row was drawn; see the schema-tree bench).
 */
const WINDOW_FROM = 500;

/**
 * The active connection's schemas in the left rail: schemas → tables, views, routines, triggers,
 * events → columns and indexes, loaded as they are opened; a filter; a context menu to query a
 * table or copy a CREATE statement. Metadata comes through the session's side connection, so
 * browsing never disturbs the editor.
 */
export function SchemaTree({
  connectionId,
  connectionName,
  sessionId,
  flavor,
  openSql,
}: {
  connectionId: string;
  connectionName: string;
  sessionId: string;
  flavor: ServerFlavor;
  /** Opens SQL in a new editor on the connection, running it when `run`. */
  openSql: (sql: string, run: boolean) => void;
}) {
  const { data, schemas, loadObjects, loadDetails, refresh, reloadSchema } =
    useSchemaData(sessionId);
  const [collapsed, setCollapsed] = useState(loadTreeFolded);
  const [filter, setFilter] = useState(() => loadTreeFilter(connectionId));
  /** Nodes the user opened (true) or closed (false); the others are as they are by default. */
  const [opened, setOpened] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const menu = useTreeMenu(sessionId, openSql);
  const hits = useFilterHits(connectionId, sessionId, filter);
  const rowEls = useRef(new Map<string, HTMLDivElement>());

  const rows = useMemo(() => treeRows(data, opened, filter, hits), [data, opened, filter, hits]);
  const positions = useMemo(() => siblingPositions(rows), [rows]);
  const windowed = rows.length >= WINDOW_FROM;
  const view = useRowWindow(rows.length, ROW_HEIGHT, windowed);
  const { attach, onScroll } = view;
  /** A row moved to by key that was not drawn yet: focused once it is. */
  const pendingFocus = useRef<string | null>(null);
  useLayoutEffect(() => {
    const key = pendingFocus.current;
    const el = key === null ? undefined : rowEls.current.get(key);
    if (el) {
      pendingFocus.current = null;
      el.focus();
    }
  });

  // What is open and not loaded yet gets loaded.
  useEffect(() => {
    for (const { node, expanded } of rows) {
      if (!expanded) continue;
      if (node.kind === 'schema' && !data.objects.has(node.schema.name)) {
        loadObjects(node.schema.name);
      } else if (node.kind === 'table' || node.kind === 'view') {
        const name = node.kind === 'table' ? node.table.name : node.view.name;
        if (!data.details.has(detailsKey(node.schema, name))) {
          loadDetails(node.schema, name, node.kind === 'view');
        }
      }
    }
  }, [rows, data, loadObjects, loadDetails]);

  // DDL run in an editor of the connection: what it changed is read again.
  useEffect(
    () =>
      onMetadataChange(connectionId, (change) => {
        if (change.kind === 'schemas') refresh();
        else for (const schema of change.schemas) reloadSchema(schema);
      }),
    [connectionId, refresh, reloadSchema],
  );

  const toggle = (row: TreeRow) => setOpened((o) => new Map(o).set(row.key, !row.expanded));

  const focusRow = (key: string | undefined) => {
    if (key === undefined) return;
    setFocusKey(key);
    const el = rowEls.current.get(key);
    if (el) {
      el.focus();
      return;
    }
    // Not drawn (far off in a long tree): scrolled to, and focused once drawn.
    view.show(rows.findIndex((r) => r.key === key));
    pendingFocus.current = key;
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const at = rows.findIndex((r) => r.key === focusKey);
    const row = rows[at];
    if (!row) return;
    if (e.key === 'ArrowDown') focusRow(rows[at + 1]?.key);
    else if (e.key === 'ArrowUp') focusRow(rows[at - 1]?.key);
    else if (e.key === 'Home') focusRow(rows[0]?.key);
    else if (e.key === 'End') focusRow(rows.at(-1)?.key);
    else if (e.key === 'ArrowRight') {
      if (row.expandable && !row.expanded) toggle(row);
      else if (row.expanded) focusRow(rows[at + 1]?.key);
    } else if (e.key === 'ArrowLeft') {
      if (row.expanded) toggle(row);
      else focusRow(row.parentKey ?? undefined);
    } else if ((e.key === 'Enter' || e.key === ' ') && row.expandable) toggle(row);
    else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      const box = rowEls.current.get(row.key)?.getBoundingClientRect();
      if (box) menu.openAt(row, box.left + 24, box.bottom);
    } else return;
    e.preventDefault();
  };

  const changeFilter = (value: string) => {
    setFilter(value);
    saveTreeFilter(connectionId, value);
  };

  const onRefresh = () => {
    refreshCatalogue(connectionId);
    refresh();
  };

  // The first row takes Tab when no row was focused yet (or the focused one went away).
  const tabStopAt = Math.max(
    0,
    rows.findIndex((r) => r.key === focusKey),
  );
  const tabStop = rows[tabStopAt]?.key ?? null;
  // The rows in view, and the one taking Tab wherever it is, so focus and Tab never get lost.
  const drawn: number[] = [];
  for (let i = view.start; i < view.end; i++) drawn.push(i);
  if (rows.length > 0 && (tabStopAt < view.start || tabStopAt >= view.end)) drawn.push(tabStopAt);

  const rowView = (i: number) => {
    const row = rows[i]!;
    return (
      <TreeRowView
        key={row.key}
        row={row}
        position={positions[i]!}
        top={windowed ? i * ROW_HEIGHT : undefined}
        flavor={flavor}
        focusable={row.key === tabStop}
        selected={row.key === focusKey}
        rowRef={(el) => {
          if (el) rowEls.current.set(row.key, el);
          else rowEls.current.delete(row.key);
        }}
        onActivate={() => {
          setFocusKey(row.key);
          if (row.expandable) toggle(row);
        }}
        onMenu={(x, y) => {
          setFocusKey(row.key);
          menu.openAt(row, x, y);
        }}
      />
    );
  };

  return (
    <section className="schema-tree" aria-label={`Schemas on ${connectionName}`}>
      <SchemaTreeHeader
        collapsed={collapsed}
        onCollapse={(folded) => {
          saveTreeFolded(folded);
          setCollapsed(folded);
        }}
        onRefresh={onRefresh}
      />
      {!collapsed && (
        <>
          <SearchField
            className="schema-filter"
            placeholder="Filter schemas, tables…"
            label="Filter schemas and objects"
            value={filter}
            onChange={changeFilter}
            clearOnEscape
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') focusRow(rows[0]?.key);
            }}
          />
          <TreeStatus schemas={schemas} empty={rows.length === 0} filter={filter} />
          <div
            className={windowed ? 'tree tree-windowed' : 'tree'}
            role="tree"
            aria-label={`Schemas on ${connectionName}`}
            onKeyDown={onKeyDown}
            ref={attach}
            onScroll={windowed ? onScroll : undefined}
          >
            {windowed ? (
              <div role="none" className="tree-rows" style={{ height: rows.length * ROW_HEIGHT }}>
                {drawn.map(rowView)}
              </div>
            ) : (
              rows.map((_, i) => rowView(i))
            )}
          </div>
          {menu.notice && (
            <div className={`tree-notice${menu.notice.error ? ' tree-error' : ''}`} role="status">
              <SeverityIcon severity={menu.notice.error ? 'danger' : 'ok'} /> {menu.notice.text}
            </div>
          )}
        </>
      )}
      {menu.menu && (
        <PointMenu
          x={menu.menu.x}
          y={menu.menu.y}
          label={`Actions on ${copyableName(menu.menu.row.node) ?? 'this object'}`}
          title={copyableName(menu.menu.row.node) ?? undefined}
          items={menu.items()}
          onClose={() => {
            // The focus goes back to the row the menu was opened on.
            const key = menu.menu?.row.key;
            menu.close();
            if (key !== undefined) rowEls.current.get(key)?.focus();
          }}
        />
      )}
    </section>
  );
}
