import type { ReactElement } from 'react';
import type { TreeNode } from './tree-model';

type IconKind = TreeNode['kind'] | 'function' | 'procedure';

/**
 * Small line icons for the kinds of tree nodes, drawn inline like the app's other marks (emoji
 * fonts are not everywhere). Decorative: every row also says what it is in words.
 */
export function TreeIcon({ kind }: { kind: IconKind }) {
  return (
    <svg
      className={`tree-icon tree-icon-${kind}`}
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
    >
      {PATHS[kind]}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.3 } as const;

/** A key: indexes and each index. */
const KEY_ICON = (
  <g {...stroke}>
    <circle cx="5" cy="8" r="3" />
    <path d="M8 8h6.5M12 8v2.5M14 8v2" />
  </g>
);
/** An ƒ: routines and functions. */
const FUNCTION_ICON = <path {...stroke} d="M10.5 2.5c-2 0-2.5 1.2-2.8 3L6.5 13.5H5M5.5 6.5h5" />;

const PATHS: Record<IconKind, ReactElement> = {
  schema: (
    <g {...stroke}>
      <ellipse cx="8" cy="3.5" rx="5.5" ry="2" />
      <path d="M2.5 3.5v9c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2v-9M2.5 8c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2" />
    </g>
  ),
  group: (
    <path
      {...stroke}
      d="M1.5 4.5v8a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1v-6.5a1 1 0 0 0-1-1H8L6.5 3H2.5a1 1 0 0 0-1 1.5z"
    />
  ),
  table: (
    <g {...stroke}>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1" />
      <path d="M1.5 6h13M1.5 9.5h13M6 6v7.5" />
    </g>
  ),
  view: (
    <g {...stroke}>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1" strokeDasharray="2 1.5" />
      <circle cx="8" cy="8" r="2" />
    </g>
  ),
  routine: FUNCTION_ICON,
  function: FUNCTION_ICON,
  procedure: (
    <g {...stroke}>
      <path d="M3 3.5h10M3 8h10M3 12.5h6" />
    </g>
  ),
  trigger: <path {...stroke} d="M9 1.5 3.5 9H8l-1 5.5L12.5 7H8z" />,
  event: (
    <g {...stroke}>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5V8l2.5 1.5" />
    </g>
  ),
  indexes: KEY_ICON,
  index: KEY_ICON,
  column: (
    <g {...stroke}>
      <rect x="5" y="1.5" width="6" height="13" rx="1" />
      <path d="M5 5.5h6" />
    </g>
  ),
  status: <circle cx="8" cy="8" r="1.5" fill="currentColor" />,
};
