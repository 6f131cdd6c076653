import { createApiClient, type ApiClient } from '../../shared/api/client';
import { messagePortTransport, type DesktopBridge } from './port-transport';
import { takePageToken, watchPageToken } from './page-token';
import { webSocketTransport } from './ws-transport';

declare global {
  interface Window {
    sightlineDesktop?: DesktopBridge;
  }
}

if (!window.sightlineDesktop) watchPageToken(window);

/** The one api client of this window, over whichever transport this mode has. */
export const api: ApiClient = createApiClient(
  window.sightlineDesktop
    ? messagePortTransport(window.sightlineDesktop)
    : webSocketTransport(
        `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api`,
        takePageToken(window.location, window.history, window.sessionStorage),
      ),
);
