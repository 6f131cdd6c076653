/// <reference lib="dom" />
// The only bridge between the sandboxed page and Electron: it asks for the backend port and
// hands it to the page. No Node API and no ipcRenderer reach the page.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { OPEN_EXTERNAL_CHANNEL } from './external-links';
import { OPEN_FILE_CHANNEL } from './open-file-dialog';

ipcRenderer.on('sightline:port', (event) => {
  window.postMessage({ sightline: 'port' }, window.location.origin, event.ports);
});
ipcRenderer.on('sightline:backend', (_event, state: unknown, reason: unknown) => {
  if (state !== 'down' && state !== 'up') return;
  window.postMessage(
    { sightline: 'backend', state, reason: typeof reason === 'string' ? reason : undefined },
    window.location.origin,
  );
});

contextBridge.exposeInMainWorld('sightlineDesktop', {
  requestPort: () => ipcRenderer.send('sightline:request-port'),
  // Only right after a real click or key press: page script cannot fake user activation, so a
  // compromised page cannot open links on its own. The main process checks the URL again.
  openExternal: (url: unknown): Promise<boolean> =>
    typeof url === 'string' && navigator.userActivation.isActive
      ? ipcRenderer.invoke(OPEN_EXTERNAL_CHANNEL, url).then((opened) => opened === true)
      : Promise.resolve(false),
  // The native Open dialog, on the same terms: a click, then the main process checks again.
  openFilePath: (options: unknown): Promise<string | null> =>
    navigator.userActivation.isActive
      ? ipcRenderer
          .invoke(OPEN_FILE_CHANNEL, options)
          .then((chosen: unknown) => (typeof chosen === 'string' ? chosen : null))
      : Promise.resolve(null),
  // The path of a file the user dropped on the page (a page alone never learns it).
  pathForFile: (file: unknown): string =>
    file instanceof File ? webUtils.getPathForFile(file) : '',
});
