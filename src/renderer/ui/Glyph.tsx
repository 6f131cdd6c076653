/** Line drawings for marks beside labels (tabs, menus); fonts lack most such symbols. */
const PATHS = {
  /** A plan: a root node over two children. */
  plan: 'M6 2.5h4v3H6zM2 10.5h4v3H2zM10 10.5h4v3h-4zM8 5.5v2.5M4 10.5V8h8v2.5',
  /** Two plans side by side. */
  compare: 'M2 3h5v10H2zM9 3h5v10H9zM3.5 6h2M10.5 6h2M3.5 9h2M10.5 9h2',
  /** A gear. */
  settings:
    'M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  /** Rows of a list. */
  list: 'M2 3.5h12M2 8h12M2 12.5h12',
  /** A source feeding two replicas. */
  replication: 'M8 2v4M8 6L4 10M8 6l4 4M2.5 10.5h3v3h-3zM10.5 10.5h3v3h-3z',
  /** A table with a column being changed. */
  alter: 'M2 3h12v10H2zM2 6.5h12M7 3v10M9.5 9.5l3 3',
  /** A gauge. */
  tuning: 'M2.5 11.5a5.5 5.5 0 1 1 11 0M8 11.5l3-4',
} as const;

export type GlyphName = keyof typeof PATHS;

export function Glyph({ name }: { name: GlyphName }) {
  return (
    <svg
      className="glyph"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
