import {
  forwardRef,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { accessClassOf } from '../../shared/explain/access-class';
import { formatRows } from '../../shared/explain/format-plan-figures';
import { CHANGE_TEXT } from './change-text';
import type { CompareRow, Side } from './compare-rows';
import { ROW_HEIGHT, rowWindow, scrollTopFor, scrollTopToShow } from './node-window';

/** What a column's list lets the columns do with it. */
export interface NodeListHandle {
  /** Scrolls the row of `nodeId` to `offset` pixels below the top of the view (centred: null). */
  reveal: (nodeId: number, offset: number | null) => void;
  /** Where the row of `nodeId` is, in pixels below the top of the view (null: not drawn). */
  offsetOf: (nodeId: number) => number | null;
  element: () => HTMLDivElement | null;
}

/** Indents stop deepening here: a 10,000-node plan nests far deeper than a column is wide. */
const MAX_INDENT = 24;

/**
 * One plan's nodes, indented, each marked by how it fared in the other plan (changed, only
 * here, moved) and tied to its counterpart: hovering or clicking a row lights both. With
 * `windowed`, rows are one line each (whole names on hover) and only those in view are drawn.
 */
export const CompareNodeList = forwardRef<
  NodeListHandle,
  {
    rows: readonly CompareRow[];
    side: Side;
    windowed: boolean;
    selectedPair: number | null;
    hoveredPair: number | null;
    onHover: (pair: number | null) => void;
    onSelect: (pair: number) => void;
  }
>(function CompareNodeList(
  { rows, side, windowed, selectedPair, hoveredPair, onHover, onSelect },
  ref,
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState(() => rowWindow(rows.length, 0, 800));
  const rowOf = useMemo(() => new Map(rows.map((r, i) => [r.node.id, i])), [rows]);

  const rowElement = (nodeId: number) =>
    scrollRef.current?.querySelector<HTMLElement>(`[data-node-id="${nodeId}"]`) ?? null;

  /** Scrolls this list as little as needed for row `index` to be wholly in view. */
  const keepInView = (index: number) => {
    const el = scrollRef.current;
    if (!el) return;
    if (windowed) {
      el.scrollTop = scrollTopToShow(index, el.scrollTop, el.clientHeight);
      setRange(rowWindow(rows.length, el.scrollTop, el.clientHeight));
      return;
    }
    const row = rowElement(rows[index]!.node.id);
    if (!row) return;
    if (row.offsetTop < el.scrollTop) el.scrollTop = row.offsetTop;
    else if (row.offsetTop + row.offsetHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = row.offsetTop + row.offsetHeight - el.clientHeight;
  };

  /** Arrow keys, Home and End pick the next node of this plan (and so its counterpart). */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = rows.length - 1;
    if (last < 0) return;
    const current = selectedPair === null ? -1 : rows.findIndex((r) => r.pair === selectedPair);
    const next =
      e.key === 'ArrowDown'
        ? Math.min(last, current + 1)
        : e.key === 'ArrowUp'
          ? Math.max(0, current - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    keepInView(next);
    onSelect(rows[next]!.pair);
  };

  useImperativeHandle(ref, () => ({
    reveal: (nodeId, offset) => {
      const el = scrollRef.current;
      const index = rowOf.get(nodeId);
      if (!el || index === undefined) return;
      if (windowed) {
        el.scrollTop = scrollTopFor(index, offset, rows.length, el.clientHeight);
        setRange(rowWindow(rows.length, el.scrollTop, el.clientHeight));
        return;
      }
      const row = rowElement(nodeId);
      if (!row) return;
      const top = row.offsetTop;
      const wanted =
        offset === null ? top - (el.clientHeight - row.offsetHeight) / 2 : top - offset;
      el.scrollTop = Math.max(0, Math.min(el.scrollHeight - el.clientHeight, wanted));
    },
    offsetOf: (nodeId) => {
      const el = scrollRef.current;
      const row = rowElement(nodeId);
      if (!el || !row) return null;
      return row.getBoundingClientRect().top - el.getBoundingClientRect().top;
    },
    element: () => scrollRef.current,
  }));

  const shown = windowed ? rows.slice(range.start, range.end) : rows;
  const list = (
    <ol
      className={`cmp-nodes${windowed ? ' cmp-nodes-windowed' : ''}`}
      style={windowed ? { transform: `translateY(${range.start * ROW_HEIGHT}px)` } : undefined}
    >
      {shown.map(({ node, depth, pair, status, moved }) => {
        const access = accessClassOf(node);
        const marked = status !== undefined && status !== 'same';
        const linked = pair === selectedPair ? 'selected' : pair === hoveredPair ? 'hover' : null;
        return (
          <li
            key={node.id}
            data-node-id={node.id}
            data-pair={pair}
            data-status={status}
            {...(linked ? { 'data-linked': linked } : {})}
            aria-current={linked === 'selected' ? 'true' : undefined}
            className={`cmp-node${marked ? ` cmp-node-${status}` : ''}${linked ? ` cmp-node-${linked}` : ''}`}
            style={{ paddingLeft: `${Math.min(depth, MAX_INDENT) * 14 + 6}px` }}
            onMouseEnter={() => onHover(pair)}
            onMouseLeave={() => onHover(null)}
            onClick={() => onSelect(pair)}
          >
            <span className="cmp-label" title={node.label}>
              {node.label}
            </span>
            {access && (
              <span
                className={`sev-badge ${access === 'full scan' || access === 'full index scan' ? 'sev-badge-danger' : 'sev-badge-info'}`}
              >
                {access}
                {node.key ? ` · ${node.key}` : ''}
              </span>
            )}
            <span className="num cmp-fig" title="estimated rows">
              {node.rows !== undefined ? `${formatRows(node.rows)} rows` : ''}
            </span>
            {marked && <span className="cmp-change-text">{CHANGE_TEXT[status]}</span>}
            {moved && !marked && <span className="cmp-change-text">moved</span>}
          </li>
        );
      })}
    </ol>
  );
  return (
    <div
      ref={scrollRef}
      className={`cmp-scroll${windowed ? ' cmp-scroll-windowed' : ''}`}
      data-testid={`cmp-${side}-nodes`}
      role="group"
      aria-label={`Nodes of the ${side === 'before' ? 'Before' : 'After'} plan (arrow keys pick one)`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={
        windowed
          ? (e) => {
              const el = e.currentTarget;
              const next = rowWindow(rows.length, el.scrollTop, el.clientHeight);
              if (next.start !== range.start || next.end !== range.end) setRange(next);
            }
          : undefined
      }
    >
      {windowed ? (
        <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>{list}</div>
      ) : (
        list
      )}
    </div>
  );
});
