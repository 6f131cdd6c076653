/**
 * Opens a web link the user clicked in their own browser, never in an app window. The desktop
 * app asks the main process (which accepts only http(s) URLs, right after a real click); in
 * browser mode a new tab without access back to this one does the same.
 */
export function openExternal(url: string): void {
  const desktop = window.sightlineDesktop;
  if (desktop?.openExternal) {
    void desktop.openExternal(url);
    return;
  }
  if (!/^https?:\/\//i.test(url)) return;
  window.open(url, '_blank', 'noopener,noreferrer');
}
