import type { Page } from 'playwright-core';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
} from '../../../src/shared/api/connection';
import type { ServerEndpoint } from '../../servers/provided';
import { callApi } from './api-socket';
import type { RunningWebApp } from './web-app';
import { openApp } from './open-app';

/**
 * Saves a connection to `server` through the API (to keep tests short) with a password-less
 * login and any other settings given. Returns the connection's id.
 */
export async function saveConnectionTo(
  app: RunningWebApp,
  server: ServerEndpoint,
  name: string,
  settings: Partial<ConnectionSettings> = {},
): Promise<string> {
  const saved = (await callApi(app, 'connections.save', {
    settings: {
      ...defaultConnectionSettings(),
      name,
      endpoint: { kind: 'tcp', host: server.host, port: server.port },
      // MariaDB here has no TLS; new connections default to 'required'.
      tls: { mode: 'preferred' },
      user: server.user,
      passwordMode: 'none',
      ...settings,
    },
    secrets: {},
  })) as { id: string };
  return saved.id;
}

/**
 * Saves a connection to `server`, opens the page and the tool `kind` on it as a user would
 * (pick the connection in the rail, press the tool's button). Returns the connection's id.
 */
export async function openToolWith(
  page: Page,
  app: RunningWebApp,
  server: ServerEndpoint,
  name: string,
  kind: string,
  settings: Partial<ConnectionSettings> = {},
): Promise<string> {
  const id = await saveConnectionTo(app, server, name, settings);
  await openApp(page, app);
  await page.locator(`[data-connection-name="${name}"]`).click();
  await page.locator(`[data-tool-button="${kind}"]`).click();
  return id;
}
