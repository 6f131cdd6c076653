import { TOKEN_FRAGMENT_KEY } from '../../shared/api/web-access';

// Per tab and per origin (the port included): a reload keeps it, another server on 127.0.0.1
// cannot read it.
const STORAGE_KEY = 'sightline.token';

/** The token a fragment carries, stored and taken out of the address bar; null if none. */
function takeFromFragment(location: Location, history: History, storage: Storage): string | null {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get(TOKEN_FRAGMENT_KEY);
  if (!given) return null;
  storage.setItem(STORAGE_KEY, given);
  fragment.delete(TOKEN_FRAGMENT_KEY);
  const rest = fragment.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`,
  );
  return given;
}

/**
 * Browser mode: this page's access token. The printed URL carries it in its fragment
 * (`#token=...`), which is taken into the tab's sessionStorage and removed from the address bar
 * and history at once; later loads of the tab (a reload) find it there. Null when the page was
 * opened without it.
 */
export function takePageToken(
  location: Location,
  history: History,
  storage: Storage,
): string | null {
  return takeFromFragment(location, history, storage) ?? storage.getItem(STORAGE_KEY);
}

/**
 * A printed URL opened in a tab already showing the app changes only its fragment, which loads
 * nothing: the page would go on with the token it had (a restarted server's old one) and leave
 * the new one in the address bar. Such a token is taken as at load, and the page loads again to
 * use it.
 */
export function watchPageToken(window: Window): void {
  window.addEventListener('hashchange', () => {
    if (takeFromFragment(window.location, window.history, window.sessionStorage) !== null)
      window.location.reload();
  });
}
