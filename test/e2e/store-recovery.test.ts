import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { callApi } from './harness/api-socket';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { startWebApp } from './harness/web-app';
import { openApp } from './harness/open-app';

describe('a damaged connections file', () => {
  let dataDir: string;
  let browser: Browser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-recovery-'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is kept aside, the backup is used, and the screen says so', async () => {
    const first = await startWebApp({ dataDir });
    try {
      for (const name of ['Kept in backup', 'Lost with the damage']) {
        await callApi(first, 'connections.save', {
          settings: { ...defaultConnectionSettings(), name },
          secrets: {},
        });
      }
    } finally {
      await first.stop();
    }
    const damaged = '{"format":"sightline-connections","version":1,"connections":[{"name":';
    await writeFile(path.join(dataDir, 'connections.json'), damaged);

    const app = await startWebApp({ dataDir });
    try {
      const { page, errors } = await newCheckedPage(browser);
      await openApp(page, app);
      const banner = page.getByRole('alert').filter({ hasText: 'connections.json' });
      await banner.waitFor({ timeout: 10_000 });
      const names = await page
        .locator('[data-connection-name]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-connection-name')));
      expect(names).toEqual(['Kept in backup']);
      const kept = (await readdir(dataDir)).filter((f) =>
        f.startsWith('connections.json.corrupt-'),
      );
      expect(kept).toHaveLength(1);
      expect(await readFile(path.join(dataDir, kept[0]!), 'utf8')).toBe(damaged);
      expect(await banner.textContent()).toContain(kept[0]!);
      await screenshot(page, 'recovery-01-backup-used');
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      expect(await banner.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await app.stop();
    }
  });

  it('lists an entry a newer version saved apart, with why, and deletes it only after asking', async () => {
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-unreadable-'));
    try {
      const first = await startWebApp({ dataDir: fresh });
      let newerId = '';
      try {
        for (const name of ['Readable', 'Saved by a newer version']) {
          const saved = (await callApi(first, 'connections.save', {
            settings: { ...defaultConnectionSettings(), name },
            secrets: {},
          })) as { id: string };
          newerId = saved.id;
        }
      } finally {
        await first.stop();
      }
      const file = path.join(fresh, 'connections.json');
      const json = JSON.parse(await readFile(file, 'utf8')) as {
        connections: Record<string, unknown>[];
      };
      json.connections.find((c) => c.id === newerId)!.color = 'chartreuse';
      await writeFile(file, JSON.stringify(json));

      const app = await startWebApp({ dataDir: fresh });
      try {
        const { page, errors } = await newCheckedPage(browser);
        await openApp(page, app);
        const apart = page.getByRole('region', { name: 'Connections this version cannot read' });
        await apart.waitFor({ timeout: 10_000 });
        const names = await page
          .locator('[data-connection-name]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-connection-name')));
        expect(names).toEqual(['Readable']);
        const entry = apart.locator('[data-unreadable-name="Saved by a newer version"]');
        expect(await entry.locator('.unreadable-reason').textContent()).toMatch(
          /^color: Invalid option: expected one of "gray", "red", .*, "pink" \(found "chartreuse"\)$/,
        );
        await screenshot(page, 'recovery-02-unreadable-entry');

        await entry.getByRole('button', { name: 'Delete Saved by a newer version' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain('This version of Sightline cannot read');
        await screenshot(page, 'recovery-03-unreadable-delete');
        await dialog.getByRole('button', { name: 'Delete connection' }).click();
        await apart.waitFor({ state: 'detached' });
        const after = JSON.parse(await readFile(file, 'utf8')) as typeof json;
        expect(after.connections.map((c) => c.name)).toEqual(['Readable']);
        expect(errors).toEqual([]);
      } finally {
        await app.stop();
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
