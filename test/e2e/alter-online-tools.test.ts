import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

const DB = 'sl_e2e_tools';
/** A table name that is shell syntax: the lines must carry it as plain text. */
const TABLE = 'orders$(touch /tmp/x)';

describe('the ALTER screen, for a table too big to rebuild natively', () => {
  const server = testServers().mariadb;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.\`${TABLE}\` (id INT PRIMARY KEY, v INT) ENGINE=InnoDB STATS_PERSISTENT=1;
        INSERT INTO ${DB}.\`${TABLE}\` VALUES (1, 1);
        ANALYZE TABLE ${DB}.\`${TABLE}\`;`);
      // Persistent statistics of 2 GiB (131,072 pages of 16 KiB), read again when the table is
      // renamed away and back (MariaDB keeps them over FLUSH TABLES): the server then reports
      // the table as that big, without writing 2 GiB here.
      await c.query(
        'UPDATE mysql.innodb_table_stats SET clustered_index_size = 131072, n_rows = 20000000 WHERE database_name = ? AND table_name = ?',
        [DB, TABLE],
      );
      await c.query(
        `RENAME TABLE ${DB}.\`${TABLE}\` TO ${DB}.moved, ${DB}.moved TO ${DB}.\`${TABLE}\``,
      );
      const [rows] = await c.query(
        'SELECT DATA_LENGTH AS bytes FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
        [DB, TABLE],
      );
      expect(Number((rows as Array<{ bytes: number }>)[0]?.bytes)).toBe(131072 * 16384);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await openToolWith(page, app, server, 'Tools MariaDB', 'alter');
  });

  afterAll(async () => {
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(() => {});
    await closeWebPage(browser, app);
  });

  it('writes gh-ost and pt-osc lines with the name quoted, for bash and for PowerShell', async () => {
    const screen = page.getByTestId('alter-screen');
    await screen.getByLabel('Schema', { exact: true }).selectOption(DB);
    const table = screen.getByLabel('Table', { exact: true });
    await table.locator('option', { hasText: TABLE }).waitFor({ state: 'attached' });
    await table.selectOption(TABLE);
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.\`${TABLE}\` FORCE`);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();

    const bash = page.locator('pre[aria-label="pt-online-schema-change for bash or zsh"]');
    await bash.waitFor({ timeout: 20_000 });
    expect(await bash.textContent()).toContain(`'P=${server.port},D=${DB},t=${TABLE}'`);
    expect(await bash.textContent()).toMatch(
      /--pause-file=\/tmp\/pt-osc\.orders__touch__tmp_x_-[0-9a-f]{8}\.pause/,
    );
    const ghost = page.locator('pre[aria-label="gh-ost for bash or zsh"]');
    expect(await ghost.textContent()).toContain(`'--table=${TABLE}'`);

    const powershell = page.locator('pre[aria-label="pt-online-schema-change for PowerShell"]');
    expect(await powershell.isVisible()).toBe(false);
    await page.locator('.alt-tool', { has: bash }).getByText('For PowerShell').click();
    expect(await powershell.isVisible()).toBe(true);
    expect(await powershell.textContent()).toContain(' `\n  ');
    expect(await powershell.textContent()).toContain(`'P=${server.port},D=${DB},t=${TABLE}'`);
    await powershell.scrollIntoViewIfNeeded();
    await screenshot(page, 'alter-tools-01-quoted-lines');
    expect(errors).toEqual([]);
  });

  it('says it cannot tell, rather than guess, when only the key management plugin knows', async () => {
    await withConnection(server, (c) =>
      c.query(
        `CREATE TABLE ${DB}.gen (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL) ENGINE=InnoDB`,
      ),
    );
    const screen = page.getByTestId('alter-screen');
    await screen.getByLabel('Schema', { exact: true }).selectOption(DB);
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.gen ENCRYPTED=YES`);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    const unknown = page.getByText('UNKNOWN: test with ALGORITHM=INSTANT first').first();
    await unknown.waitFor({ timeout: 20_000 });
    await unknown.scrollIntoViewIfNeeded();
    await screenshot(page, 'alter-tools-02-unknown');
    expect(errors).toEqual([]);
  });

  it('names the statement’s own WAIT n in the confirmation, not lock_wait_timeout', async () => {
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.gen WAIT 3 ADD COLUMN w INT`);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    await page.getByRole('button', { name: 'Run ALTER…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      "It waits at most 3 s for the table's metadata lock (WAIT 3 is written; lock_wait_timeout does not apply), at the start and again at the end",
    );
    await screenshot(page, 'alter-tools-03-wait-written');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
