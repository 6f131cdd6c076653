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
  };
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
