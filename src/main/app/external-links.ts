// Links to the outside world (a release page, documentation) open in the user's browser, never
// in an app window. shell.openExternal hands a URL to the OS, which would also run file:,
// smb: or custom-scheme handlers; so only http(s) URLs, asked for by one of our own pages
// right after a real click (the preload checks the click), get through.
import { isAppUrl } from './window-security';

/** The IPC channel the preload uses; its reply is whether the URL was opened. */
export const OPEN_EXTERNAL_CHANNEL = 'sightline:open-external';

const MAX_URL_LENGTH = 2048;

/**
 * The URL to hand to the OS, or null when it is not a plain web address: http or https, no
 * user name or password in it (they can disguise the real host), at most 2 KiB.
 */
export function externalHttpUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.toString();
}

/** What the handler needs to know about who asked. */
export interface OpenExternalRequest {
  /** URL of the frame that sent the request (null when it is gone). */
  senderUrl: string | null;
  /** Whether the sender is the window's main frame (not an iframe inside it). */
  fromMainFrame: boolean;
  url: unknown;
}

/** Opens the URL when the request passes every check; says whether it did. */
export async function handleOpenExternal(
  request: OpenExternalRequest,
  open: (url: string) => Promise<void>,
): Promise<boolean> {
  if (!request.fromMainFrame || request.senderUrl === null || !isAppUrl(request.senderUrl)) {
    return false;
  }
  const url = externalHttpUrl(request.url);
  if (url === null) return false;
  await open(url);
  return true;
}
