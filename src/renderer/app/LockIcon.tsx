/** A padlock drawn inline: emoji fonts are not on every system, and the mark must always show. */
export function LockIcon({ title }: { title?: string }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 16 16"
      width="12"
      height="12"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
    </svg>
  );
}
