// The app:// protocol: serves the built renderer to the desktop window with the same CSP as
// browser mode, so the page never runs from file:// (where every local file is same-origin).
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../web/content-security-policy';
import { resolveStaticPath } from '../web/static-files';

/** How a file is read: Electron's net.fetch of a file: URL in the app, plain fetch in tests. */
export type FileFetch = (fileUrl: string) => Promise<Response>;

/**
 * Answers one app:// request: a file of the renderer folder with the CSP and nosniff headers,
 * or 404 for another host, a path outside the folder or a missing file.
 */
export async function serveAppRequest(
  requestUrl: string,
  rendererDir: string,
  fetchFile: FileFetch,
): Promise<Response> {
  const url = new URL(requestUrl);
  const file = url.host === 'sightline' ? resolveStaticPath(rendererDir, url.pathname) : null;
  const headers = new Headers({
    'Content-Security-Policy': contentSecurityPolicy([]),
    'X-Content-Type-Options': 'nosniff',
  });
  if (!file) return new Response('Not found', { status: 404, headers });
  let response: Response;
  try {
    response = await fetchFile(pathToFileURL(file).toString());
  } catch {
    return new Response('Not found', { status: 404, headers });
  }
  response.headers.forEach((value, name) => {
    if (!headers.has(name)) headers.set(name, value);
  });
  return new Response(response.body, { status: response.status, headers });
}
