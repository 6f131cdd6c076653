/** What Tab can reach inside a container, in document order. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements inside `root` Tab stops at: enabled, shown, not taken out of the order. */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('fieldset:disabled') && el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab inside `root`: from the last stop Tab goes to the first, from the first Shift+Tab
 * to the last. The page behind a modal dialog is inert already; without this the focus would
 * still step out to the browser's own controls between two rounds.
 * Returns true when it moved the focus (the caller then prevents the default).
 */
export function cycleFocus(root: HTMLElement, backwards: boolean): boolean {
  const stops = tabStops(root);
  if (stops.length === 0) return false;
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof Node && root.contains(active);
  if (backwards && (active === first || !inside)) {
    last.focus();
    return true;
  }
  if (!backwards && (active === last || !inside)) {
    first.focus();
    return true;
  }
  return false;
}
