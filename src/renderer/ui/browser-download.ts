/**
 * Saving through the browser's own download: a blob made in the page (a .sql file, a plan
 * image) or a file the web server streams. Electron shows its save dialog for the same click.
 */

/** Clicks a hidden `<a download>`: the one way a page hands a URL to the download manager. */
function clickDownloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  // No Referer and no window.opener for the request, whatever the page's policy says.
  link.rel = 'noreferrer noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves `blob` as the file `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownloadLink(url, fileName);
  // The download reads the blob after click() returns: let it go only well after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a one-time URL of this web server (`/download/<token>`, same origin), as the file
 * `fileName` (the server's Content-Disposition has the last word).
 *
 * A link click and not fetch + blob: the browser streams the response straight to disk, so an
 * export of gigabytes never sits in the page's memory. The download's own token is in the URL
 * (the page's access token never is: see shared/api/web-access), so it can show in
 * the browser's list of downloads - but it is spent by then (single use, minutes at most, only
 * for the page that asked), the page never navigates to it (not in the address bar or history),
 * no Referer carries it (noreferrer, and the server sends no-referrer), and the web server logs
 * no URLs.
 */
export function downloadFromServer(url: string, fileName: string): void {
  if (!url.startsWith('/download/')) throw new Error('not a download of this server');
  clickDownloadLink(url, fileName);
}
