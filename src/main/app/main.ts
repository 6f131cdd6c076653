// Electron's main process: windows, the app:// protocol and the backend's lifecycle. Database
// work never runs here, so a slow server cannot freeze a window.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  MessageChannelMain,
  net,
  protocol,
  session,
  shell,
  utilityProcess,
  type UtilityProcess,
} from 'electron';
import type { MainToBackend } from '../backend/electron-protocol';
import { serveAppRequest } from './app-protocol';
import { loadDataKey } from './data-key';
import { handleOpenExternal, OPEN_EXTERNAL_CHANNEL } from './external-links';
import { handleOpenFile, OPEN_FILE_CHANNEL } from './open-file-dialog';
import {
  APP_ORIGIN,
  isAppUrl,
  lockDownNavigation,
  permissionAllowed,
  secureWebPreferences,
} from './window-security';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.resolve(here, '../renderer');

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let backend: UtilityProcess | null = null;
let dataKey: string | null = null;
let quitting = false;

function post(message: MainToBackend, ports?: Electron.MessagePortMain[]): void {
  backend?.postMessage(message, ports);
}

/** Gives a window a fresh port to the backend. */
function connectWindow(win: BrowserWindow): void {
  if (!backend) return;
  const { port1, port2 } = new MessageChannelMain();
  post({ type: 'port', windowId: win.id }, [port1]);
  win.webContents.postMessage('sightline:port', null, [port2]);
}

function startBackend(): void {
  backend = utilityProcess.fork(path.join(here, 'backend-electron.js'), [], {
    serviceName: 'Sightline backend',
    stdio: 'inherit',
  });
  post({ type: 'init', dataDir: app.getPath('userData'), dataKey });
  backend.on('exit', (code) => {
    backend = null;
    if (quitting) return;
    for (const win of BrowserWindow.getAllWindows()) {
      win.webContents.send(
        'sightline:backend',
        'down',
        `The backend stopped (exit code ${code}); restarting it.`,
      );
    }
    setTimeout(() => {
      startBackend();
      for (const win of BrowserWindow.getAllWindows()) connectWindow(win);
    }, 500);
  });
}

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Sightline',
    show: false,
    webPreferences: secureWebPreferences(path.join(here, '../preload/preload.cjs')),
  });
  win.once('ready-to-show', () => win.show());
  win.loadURL(`${APP_ORIGIN}/index.html`);
}

app.on('web-contents-created', (_event, contents) => lockDownNavigation(contents));

// One desktop app per user: a second launch shows the first one's window instead of starting a
// backend that would find the data folder locked (see store/data-dir-lock.ts).
const primary = app.requestSingleInstanceLock();
if (!primary) app.quit();
app.on('second-instance', () => {
  const win = BrowserWindow.getAllWindows()[0];
  if (!win) {
    if (app.isReady()) createWindow();
    return;
  }
  if (win.isMinimized()) win.restore();
  win.focus();
});

app.whenReady().then(async () => {
  if (!primary) return;
  // No page gets a web permission (camera, notifications, ...) beyond what the app itself uses.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin),
  );

  protocol.handle('app', (request) =>
    serveAppRequest(request.url, rendererDir, (fileUrl) => net.fetch(fileUrl)),
  );

  // A window asks for its port once its page has loaded; only our own pages may ask.
  ipcMain.on('sightline:request-port', (event) => {
    const win = BrowserWindow.fromWebContents(event.sender);
    if (!win || !event.senderFrame || !isAppUrl(event.senderFrame.url)) return;
    connectWindow(win);
  });

  ipcMain.handle(OPEN_EXTERNAL_CHANNEL, (event, url: unknown) =>
    handleOpenExternal(
      {
        senderUrl: event.senderFrame?.url ?? null,
        fromMainFrame: event.senderFrame !== null && event.senderFrame.parent === null,
        url,
      },
      (checked) => shell.openExternal(checked),
    ),
  );

  ipcMain.handle(OPEN_FILE_CHANNEL, (event, options: unknown) =>
    handleOpenFile(
      {
        senderUrl: event.senderFrame?.url ?? null,
        fromMainFrame: event.senderFrame !== null && event.senderFrame.parent === null,
        options,
      },
      async (title) => {
        const win = BrowserWindow.fromWebContents(event.sender);
        const properties: Array<'openFile'> = ['openFile'];
        const result = win
          ? await dialog.showOpenDialog(win, { title, properties })
          : await dialog.showOpenDialog({ title, properties });
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
    ),
  );

  dataKey = await loadDataKey(app.getPath('userData'));
  startBackend();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('before-quit', () => {
  quitting = true;
  backend?.kill();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
