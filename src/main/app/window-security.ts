import type { BrowserWindowConstructorOptions, WebContents } from 'electron';

/** The renderer's origin: a custom protocol instead of file://, so CSP and origins are real. */
export const APP_ORIGIN = 'app://sightline';

/** The window's web preferences: isolated, sandboxed, no Node. Read back by the security tests. */
export function secureWebPreferences(
  preload: string,
): BrowserWindowConstructorOptions['webPreferences'] {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    // Middle-click would open links as new windows; they are refused anyway, this stops the try.
    disableBlinkFeatures: 'Auxclick',
  };
}

/**
 * Web permissions the app's own pages may use: writing to the clipboard (copy results).
 * Camera, microphone, geolocation, notifications, MIDI, HID, ... are never needed, and no other
 * page may use any permission at all.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Whether a page at `requestingUrl` gets `permission`; everything else is denied. */
export function permissionAllowed(permission: string, requestingUrl: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl);
}

/** True for a URL inside the app itself. */
export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/** Navigation away from the app and new windows are refused for every web contents. */
export function lockDownNavigation(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
