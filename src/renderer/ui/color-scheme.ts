const DARK = '(prefers-color-scheme: dark)';

/** Whether the system asks for dark colours now. */
export function prefersDark(): boolean {
  return window.matchMedia?.(DARK).matches ?? false;
}

/**
 * Calls `apply` with the system's scheme now and each time it changes (the OS switching to dark
 * at dusk, the user flipping it), so what CSS cannot reach (Monaco's theme) follows as the page
 * does. Returns the function that stops following.
 */
export function followColorScheme(apply: (dark: boolean) => void): () => void {
  const query = window.matchMedia?.(DARK);
  if (!query) return () => undefined;
  const listener = (e: MediaQueryListEvent) => apply(e.matches);
  apply(query.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
