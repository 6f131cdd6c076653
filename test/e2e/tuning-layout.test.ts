import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { saveConnectionTo } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

// Tuning at 1,280×800: the table fits its pane (scrolls sideways, statement column kept in
// view), no column vanishes beside the detail pane, DDL wraps between tokens, labels sit
// level with their selects, and schema health never advises dropping both of a duplicate pair.

const DB = `sl_tune_look_${Math.random().toString(36).slice(2, 7)}`;
// Its own shape (still a full scan), so other tests' range statements on `orders` are not
// mistaken for it.
const RANGE_SQL = 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105 AND customer_id + 0 >= 0';

describe('the tuning screen at 1280×800', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`USE ${DB}`);
      await c.query(
        'CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL, KEY cust (customer_id), KEY cust_dup (customer_id))',
      );
      const values = Array.from({ length: 2000 }, (_, i) => `(${i}, ${i % 40}, ${i})`);
      await c.query(`INSERT INTO orders VALUES ${values.join(',')}`);
      await c.query('ANALYZE TABLE orders');
      for (let i = 0; i < 3; i++) await c.query(RANGE_SQL);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, server, 'tune-look', { scratch: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, app);
    await page.locator('[data-connection-name="tune-look"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    await page.getByLabel('Schema filter').selectOption(DB);
    await page.getByTestId('tune-row').filter({ hasText: '`customer_id` +' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  /** Whether the wrap scrolls sideways and every header can be brought into view. */
  async function headersReachable() {
    return page.locator('.tune-table-wrap').evaluate((wrap) => {
      const headers = Array.from(wrap.querySelectorAll('th'));
      wrap.scrollLeft = wrap.scrollWidth;
      const box = wrap.getBoundingClientRect();
      const last = headers.at(-1)!.getBoundingClientRect();
      const first = headers[0]!.getBoundingClientRect();
      const out = {
        count: headers.length,
        overflowX: getComputedStyle(wrap).overflowX,
        lastInView: last.right <= box.right + 1 && last.left >= box.left,
        // The statement column stays at the left edge while scrolled.
        firstPinned: Math.abs(first.left - box.left) <= 1,
        // When it overflows, a shadow at the right edge says so (scrollbars may be overlays).
        cue:
          wrap.scrollWidth <= wrap.clientWidth ||
          getComputedStyle(wrap).backgroundImage.includes('radial-gradient'),
      };
      wrap.scrollLeft = 0;
      return out;
    });
  }

  it('scrolls the table sideways inside its pane with the statement pinned, detail open or not', async () => {
    const closed = await headersReachable();
    expect(closed.overflowX).toBe('auto');
    expect(closed.lastInView).toBe(true);
    expect(closed.firstPinned).toBe(true);
    await page.getByTestId('tune-row').filter({ hasText: '`customer_id` +' }).click();
    await page.getByTestId('tune-sample').waitFor();
    const open = await headersReachable();
    // No column vanishes beside the detail pane, and the way to them shows.
    expect(open.count).toBe(closed.count);
    expect(open.lastInView).toBe(true);
    expect(open.firstPinned).toBe(true);
    expect(open.cue).toBe(true);
  });

  it('wraps the candidate DDL between tokens, never inside one', async () => {
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    const code = page.getByTestId('tune-candidate').locator('code');
    await code.waitFor();
    // For each line break, the character before it is a space (or the line starts after one).
    const midWord = await code.evaluate((el) => {
      const text = el.firstChild!;
      const s = text.textContent ?? '';
      const range = document.createRange();
      const tops: number[] = [];
      for (let i = 0; i < s.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
      const breaks: string[] = [];
      for (let i = 1; i < s.length; i++) {
        if (tops[i]! > tops[i - 1]! && s[i - 1] !== ' ' && s[i] !== ' ')
          breaks.push(`${s.slice(i - 4, i)}|${s.slice(i, i + 4)}`);
      }
      return breaks;
    });
    expect(midWord).toEqual([]);
    await screenshot(page, 'tuning-layout-statement-1280');
  });

  it('sets the labels level with their selects, and the chosen values in the text colour', async () => {
    const fields = page.locator('.tune-toolbar .inline-field:has(select)');
    const look = await fields.evaluateAll((labels) =>
      labels.map((l) => {
        const span = l.querySelector('span')!.getBoundingClientRect();
        const select = l.querySelector('select')!;
        const box = select.getBoundingClientRect();
        return {
          offset: Math.abs(span.top + span.height / 2 - (box.top + box.height / 2)),
          colour: getComputedStyle(select).color,
          text: getComputedStyle(document.body).color,
        };
      }),
    );
    expect(look.length).toBeGreaterThanOrEqual(2);
    for (const l of look) {
      expect(l.offset).toBeLessThanOrEqual(1.5);
      expect(l.colour).toBe(l.text);
    }
    // The "Sightline's own" switch: its box level with its words.
    const own = await page.locator('.tune-own').evaluate((l) => {
      const span = l.querySelector('span')!.getBoundingClientRect();
      const box = l.querySelector('input')!.getBoundingClientRect();
      return Math.abs(span.top + span.height / 2 - (box.top + box.height / 2));
    });
    expect(own).toBeLessThanOrEqual(1.5);
  });

  it('never advises dropping both an index and its duplicate in schema health', async () => {
    await page.getByRole('tab', { name: 'Schema health' }).click();
    await page.getByLabel('Schema to check').selectOption(DB);
    const findings = page.getByTestId('tune-findings');
    await findings.locator('li').first().waitFor();
    const drops = await findings
      .locator('code')
      .allTextContents()
      .then((all) => all.filter((sql) => sql.includes('DROP INDEX')));
    // The range statement's reads went through neither index: both unused, one kept.
    expect(drops).toEqual([`ALTER TABLE \`${DB}\`.\`orders\` DROP INDEX \`cust_dup\``]);
    expect(await findings.textContent()).toContain('Keep cust:');
    await screenshot(page, 'tuning-layout-health-1280');
    expect(errors).toEqual([]);
  });
});
