/** The result tabs a new run leaves: the pinned ones, and any still running. */
export function resultsKeptByNewRun<T extends { pinned?: boolean; status: { state: string } }>(
  results: readonly T[],
): { kept: T[]; dropped: T[] } {
  const kept: T[] = [];
  const dropped: T[] = [];
  for (const r of results) (r.pinned || r.status.state === 'running' ? kept : dropped).push(r);
  return { kept, dropped };
}

/** `items` with the one at `from` moved to index `to` (clamped), as a dragged tab lands. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item as T);
  return next;
}
