import { useEffect, useState } from 'react';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import {
  copyableName,
  createTarget,
  selectFirstRowsSql,
  treeActions,
  type TreeActionId,
} from './tree-actions';
import type { TreeRow } from './tree-model';

/** How long "Copied …" stays under the tree. */
const NOTICE_MS = 5000;

/**
 * The tree's context menu: which row it is open on and where, what its actions do (open a
 * query, copy a name or a CREATE statement), and the short notice saying how that went.
 */
export function useTreeMenu(sessionId: string, openSql: (sql: string, run: boolean) => void) {
  const [menu, setMenu] = useState<{ x: number; y: number; row: TreeRow } | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const act = async (id: TreeActionId, row: TreeRow) => {
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

  return {
    menu,
    notice,
    /** Opens the menu on a row at a point of the page (rows without actions have none). */
    openAt(row: TreeRow, x: number, y: number) {
      if (treeActions(row.node).length > 0) setMenu({ x, y, row });
    },
    close: () => setMenu(null),
    /** The open menu's entries. */
    items: () =>
      menu
        ? treeActions(menu.row.node).map((a) => ({
            key: a.id,
            label: a.label,
            onSelect: () => void act(a.id, menu.row),
          }))
        : [],
  };
}
