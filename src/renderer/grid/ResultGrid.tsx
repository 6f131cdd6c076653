import {
  DataEditor,
  GridCellKind,
  type GridCell,
  type GridColumn,
  type Item,
  type Rectangle,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ResultColumn } from '../../shared/api/query';
import { api } from '../app/api';
import { cellCopyText, cellDisplayText } from './cell-text';
import { gridTheme } from './grid-theme';
import { RowCache } from './row-cache';

/**
 * A result's rows on a canvas grid (Glide Data Grid): virtualised, so a million rows scroll as
 * fast as ten; rows are pulled page by page from the backend as they come into view.
 */
export function ResultGrid({
  queryId,
  columns,
  rowCount,
  height,
}: {
  queryId: string;
  columns: ResultColumn[];
  rowCount: number;
  height: number;
}) {
  const [version, setVersion] = useState(0);
  const [widths, setWidths] = useState<Record<number, number>>({});
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const theme = useMemo(() => gridTheme(), []);

  const cache = useMemo(
    () =>
      new RowCache(
        async (offset, limit) => (await api.call('query.rows', { queryId, offset, limit })).rows,
        () => setVersion((v) => v + 1),
      ),
    [queryId],
  );

  // Pages fetched while rows were still arriving may be short: fetch the last one again.
  const lastCount = useRef(0);
  useEffect(() => {
    if (rowCount > lastCount.current) cache.invalidateFrom(lastCount.current);
    lastCount.current = rowCount;
  }, [rowCount, cache]);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  const gridColumns: GridColumn[] = useMemo(
    () =>
      columns.map((c, i) => ({
        id: String(i),
        title: c.name,
        width: widths[i] ?? Math.min(320, Math.max(80, c.name.length * 9 + 24)),
        overlayIcon: undefined,
      })),
    [columns, widths],
  );

  const getCellContent = ([col, row]: Item): GridCell => {
    const values = cache.row(row);
    if (!values) return { kind: GridCellKind.Loading, allowOverlay: false };
    const value = values[col] ?? null;
    const text = cellDisplayText(value);
    return {
      kind: GridCellKind.Text,
      data: text,
      displayData: text,
      copyData: cellCopyText(value),
      allowOverlay: true,
      readonly: true,
      contentAlign: columns[col]?.numeric && typeof value === 'string' ? 'right' : 'left',
      themeOverride: value === null ? { textDark: theme.textLight ?? '#888' } : undefined,
    };
  };

  return (
    <div ref={containerRef} className="result-grid" data-testid="result-grid" data-version={version}>
      <DataEditor
        columns={gridColumns}
        rows={rowCount}
        getCellContent={getCellContent}
        getCellsForSelection={true}
        onVisibleRegionChanged={(r: Rectangle) => cache.ensure(r.y, r.y + r.height + 1)}
        onColumnResize={(_c, newSize, index) => setWidths((w) => ({ ...w, [index]: newSize }))}
        rowMarkers="number"
        smoothScrollX
        smoothScrollY
        width={width}
        height={height}
        theme={theme}
        headerHeight={30}
        rowHeight={26}
      />
    </div>
  );
}
