// The native Open dialog for a file the user picks (a slow log), asked for by one of our own
// pages right after a real click (the preload checks the click). It returns a path only: the
// backend reads the file itself, as it does a typed path.
import { isAppUrl } from './window-security';

/** The IPC channel the preload uses; its reply is the chosen path, or null. */
export const OPEN_FILE_CHANNEL = 'sightline:open-file';

const MAX_TITLE_LENGTH = 200;

/** What the handler needs to know about who asked, and what. */
export interface OpenFileRequest {
  senderUrl: string | null;
  fromMainFrame: boolean;
  options: unknown;
}

/**
 * Shows the dialog when the request comes from our own page's main frame with a title (plain
 * text without control characters, at most 200); the path chosen, or null when refused or cancelled.
 */
export async function handleOpenFile(
  request: OpenFileRequest,
  show: (title: string) => Promise<string | null>,
): Promise<string | null> {
  if (!request.fromMainFrame || request.senderUrl === null || !isAppUrl(request.senderUrl)) {
    return null;
  }
  const options = request.options;
  if (typeof options !== 'object' || options === null) return null;
  const title = (options as { title?: unknown }).title;
  if (
    typeof title !== 'string' ||
    title.length === 0 ||
    title.length > MAX_TITLE_LENGTH ||
    [...title].some((c) => c < ' ')
  ) {
    return null;
  }
  const chosen = await show(title);
  return typeof chosen === 'string' && chosen !== '' ? chosen : null;
}
