import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ServerFlavor } from '../../shared/server/flavor';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { refreshCatalogue } from '../editor/completion/catalogue-cache';
import {
  copyableName,
  createTarget,
  selectFirstRowsSql,
  treeActions,
  type TreeActionId,
} from './tree-actions';
import { TreeContextMenu } from './TreeContextMenu';
import { detailsKey, treeRows, type TreeRow } from './tree-model';
import { TreeRowView } from './TreeRowView';
import { useFilterHits } from './use-filter-hits';
import { useSchemaData } from './use-schema-data';
import { SeverityIcon } from '../ui/SeverityIcon';
import { useLatest } from '../ui/use-latest';

const COLLAPSED_KEY = 'sightline.schema-tree.collapsed';
const filterKey = (connectionId: string) => `sightline.schema-tree.filter.${connectionId}`;

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
  const { data, schemas, loadObjects, loadDetails, refresh } = useSchemaData(sessionId);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [filter, setFilter] = useState(() => localStorage.getItem(filterKey(connectionId)) ?? '');
  /** Nodes the user opened (true) or closed (false); the others are as they are by default. */
  const [opened, setOpened] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; row: TreeRow } | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const hits = useFilterHits(connectionId, sessionId, filter);
  const rowEls = useRef(new Map<string, HTMLDivElement>());

  const rows = useMemo(() => treeRows(data, opened, filter, hits), [data, opened, filter, hits]);

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

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  const toggle = (row: TreeRow) => setOpened((o) => new Map(o).set(row.key, !row.expanded));

  const focusRow = (key: string | undefined) => {
    if (key === undefined) return;
    setFocusKey(key);
    rowEls.current.get(key)?.focus();
  };

  const menuRowKeyRef = useLatest<string | null>(menu?.row.key ?? null);
  /** Closes the menu and gives the focus back to the row it was opened on. */
  const closeMenu = useCallback(() => {
    const key = menuRowKeyRef.current;
    setMenu(null);
    if (key !== null) rowEls.current.get(key)?.focus();
  }, [menuRowKeyRef]);

  const act = async (id: TreeActionId, row: TreeRow) => {
    setMenu(null);
    const { node } = row;
    try {
      if (id === 'select-first-rows') {
        const target = createTarget(node);
        if (target) openSql(selectFirstRowsSql(target.schema, target.name), true);
      } else if (id === 'copy-create') {
        const target = createTarget(node);
        if (!target) return;
        const statement = await api.call('schema.createStatement', { sessionId, ...target });
        await navigator.clipboard.writeText(statement.sql);
        setNotice({
          text: `Copied the CREATE ${target.kind.toUpperCase()} statement.`,
          error: false,
        });
      } else {
        const name = copyableName(node);
        if (name === null) return;
        await navigator.clipboard.writeText(name);
        setNotice({ text: `Copied ${name}.`, error: false });
      }
    } catch (e) {
      setNotice({ text: errorShapeOf(e).message, error: true });
    }
  };

  const openMenuAt = (row: TreeRow, x: number, y: number) => {
    if (treeActions(row.node).length > 0) setMenu({ x, y, row });
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
      if (box) openMenuAt(row, box.left + 24, box.bottom);
    } else return;
    e.preventDefault();
  };

  const changeFilter = (value: string) => {
    setFilter(value);
    localStorage.setItem(filterKey(connectionId), value);
  };

  const onRefresh = () => {
    refreshCatalogue(connectionId);
    refresh();
  };

  // The first row takes Tab when no row was focused yet (or the focused one went away).
  const tabStop = rows.some((r) => r.key === focusKey) ? focusKey : (rows[0]?.key ?? null);

  return (
    <section className="schema-tree" aria-label={`Schemas on ${connectionName}`}>
      <div className="schema-tree-header">
        <button
          type="button"
          className="schema-tree-toggle"
          aria-expanded={!collapsed}
          onClick={() => {
            localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
            setCollapsed(!collapsed);
          }}
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
      {!collapsed && (
        <>
          <input
            type="search"
            className="schema-filter"
            placeholder="Filter schemas, tables…"
            aria-label="Filter schemas and objects"
            value={filter}
            onChange={(e) => changeFilter(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') changeFilter('');
              if (e.key === 'ArrowDown') focusRow(rows[0]?.key);
            }}
          />
          {schemas.state === 'loading' && <div className="tree-status">Loading schemas…</div>}
          {schemas.state === 'error' && (
            <div className="tree-status tree-error" role="alert">
              <SeverityIcon severity="danger" /> {schemas.message}
            </div>
          )}
          {schemas.state === 'ready' && rows.length === 0 && (
            <div className="tree-status">
              {filter.trim() !== ''
                ? `No schema or loaded object matches “${filter.trim()}”.`
                : 'No schemas visible to this user.'}
            </div>
          )}
          <div
            className="tree"
            role="tree"
            aria-label={`Schemas on ${connectionName}`}
            onKeyDown={onKeyDown}
          >
            {rows.map((row) => (
              <TreeRowView
                key={row.key}
                row={row}
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
                  openMenuAt(row, x, y);
                }}
              />
            ))}
          </div>
          {notice && (
            <div className={`tree-notice${notice.error ? ' tree-error' : ''}`} role="status">
              <SeverityIcon severity={notice.error ? 'danger' : 'ok'} /> {notice.text}
            </div>
          )}
        </>
      )}
      {menu && (
        <TreeContextMenu
          x={menu.x}
          y={menu.y}
          title={copyableName(menu.row.node) ?? ''}
          actions={treeActions(menu.row.node)}
          onChoose={(id) => void act(id, menu.row)}
          onClose={closeMenu}
        />
      )}
    </section>
  );
}
