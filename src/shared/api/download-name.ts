/**
 * A file name every file system and browser accepts, ending in `.ext`: characters that are path
 * separators, reserved on Windows or control characters become `-`, leading dots go (no hidden
 * or relative names), and an empty result is `fallback` (`prod: orders` → `prod- orders.sql`).
 * Used for names offered to the browser (`query.exportDownload`) and for saved editor files.
 */
export function safeFileName(name: string, ext: string, fallback = 'export'): string {
  const safe =
    name
      // eslint-disable-next-line no-control-regex
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '-')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, 200)
      .trim() || fallback;
  return safe.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? safe : `${safe}.${ext}`;
}
