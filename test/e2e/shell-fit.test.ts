import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { saveConnectionTo } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

// The shell as a DBA sees it: tabs sized to their names and fading where the strip scrolls,
// the status bar and the rail following the tab in front, a schema tree that leaves the other
// connections in view, names in the rail not cut beside their marks, the connection dialog's
// fields level, disabled buttons that read and a modal veil that shows, in light and dark.

const LONG = 'Reporting replica eu-west-1 (MariaDB 11.8)';
const SHORT = 'Orders primary';
const FILLERS = ['Lab one', 'Lab two', 'Lab three', 'Lab four', 'Lab five'];
const SCHEMAS = Array.from({ length: 30 }, (_, i) => `sl_shellfit_${String(i).padStart(2, '0')}`);
const SCHEMES = ['light', 'dark'] as const;

/** Colour arithmetic in the page: parse a computed colour, lay one over another, WCAG
    luminance, CIE lightness. */
const luminanceScript = `
  window.__colour = (css) => {
    const m = css.match(/rgba?\\(([^)]+)\\)/);
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  window.__over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  window.__lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  window.__lstar = (y) => (y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y);
`;

describe('the shell fits and follows the tab in front, in light and dark', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();
  const strip = () => page.getByRole('tablist', { name: 'Open sessions' });
  const tabs = () => strip().getByRole('tab');
  const status = () => page.getByRole('status', { name: 'Status' });
  const railItem = (name: string) => page.locator(`[role=option][data-connection-name="${name}"]`);
  const frame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));

  async function connect(name: string, count: number): Promise<void> {
    await railItem(name).dblclick();
    await expect.poll(() => tabs().count(), { timeout: 20_000 }).toBe(count);
    await page.locator('.tab-page:not([hidden]) .monaco-editor').waitFor({ timeout: 20_000 });
  }

  beforeAll(async () => {
    await withConnection(servers.mysql, (c) =>
      c.query(SCHEMAS.map((s) => `CREATE DATABASE IF NOT EXISTS ${s};`).join('\n')),
    );
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, servers.mariadb, LONG, {
      color: 'orange',
      readOnly: true,
      production: true,
    });
    await saveConnectionTo(app, servers.mysql, SHORT, { color: 'teal' });
    for (const name of FILLERS) await saveConnectionTo(app, servers.mysql, name);
    await page.setViewportSize({ width: 1280, height: 800 });
    // An init script, as the app's content security policy refuses inline ones.
    await page.addInitScript({ content: luminanceScript });
    await openApp(page, app);
    await railItem(LONG).waitFor({ timeout: 10_000 });
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(servers.mysql, (c) =>
      c.query(SCHEMAS.map((s) => `DROP DATABASE IF EXISTS ${s};`).join('\n')),
    );
  });

  it('shows a long connection name whole in the rail, its marks on the line below', async () => {
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await frame();
      await screenshot(page, `shell-fit-rail-${scheme}`);
      const name = await railItem(LONG)
        .locator('.connection-name-text')
        .evaluate((el) => ({
          text: el.textContent,
          cutSideways: el.scrollWidth > el.clientWidth + 1,
          cutBelow: el.scrollHeight > el.clientHeight + 1,
        }));
      expect(name).toEqual({ text: LONG, cutSideways: false, cutBelow: false });
      // The production mark is in view beside the endpoint, not pushed out.
      const badge = (await railItem(LONG).getByText('PROD').boundingBox())!;
      const item = (await railItem(LONG).boundingBox())!;
      expect(badge.x + badge.width).toBeLessThanOrEqual(item.x + item.width);
    }
  });

  it('sets monospace values of a connection on the baseline of their labels', async () => {
    await railItem(LONG).click();
    const facts = page.locator('dl.facts').first();
    await facts.waitFor({ timeout: 5000 });
    await screenshot(page, 'shell-fit-connection-details');
    const offsets = await facts.evaluate((dl) => {
      // A zero-height inline-block sits on its line's baseline: one per label and value.
      const baseline = (el: Element) => {
        const mark = document.createElement('span');
        mark.style.cssText = 'display:inline-block;width:0;height:0';
        el.prepend(mark);
        const y = mark.getBoundingClientRect().top;
        mark.remove();
        return y;
      };
      const out: Array<{ label: string; off: number }> = [];
      for (const dt of Array.from(dl.querySelectorAll('dt'))) {
        const dd = dt.nextElementSibling!;
        if (!dd.classList.contains('mono')) continue;
        out.push({ label: dt.textContent ?? '', off: Math.abs(baseline(dd) - baseline(dt)) });
      }
      return out;
    });
    expect(offsets.map((o) => o.label)).toEqual(['Endpoint', 'User']);
    for (const o of offsets) expect(o.off, o.label).toBeLessThanOrEqual(1);
  });

  it('draws the connection dialog with level fields and columns of about the same height', async () => {
    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.waitFor({ timeout: 5000 });
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await frame();
      await screenshot(page, `shell-fit-connection-dialog-${scheme}`);
      const user = (await dialog.getByLabel('User', { exact: true }).boundingBox())!;
      const storage = (await dialog.getByLabel('Password storage').boundingBox())!;
      expect(Math.abs(storage.height - user.height)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(storage.y - user.y)).toBeLessThanOrEqual(0.5);
      const bottoms = await dialog
        .locator('.form-col')
        .evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().bottom));
      expect(bottoms).toHaveLength(2);
      expect(Math.abs(bottoms[0]! - bottoms[1]!)).toBeLessThanOrEqual(48);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('keeps disabled buttons readable and dims what is behind a dialog, in dark too', async () => {
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await frame();
      const contrasts = await page.evaluate(() => {
        const w = window as unknown as Record<string, (...a: unknown[]) => never>;
        const host = document.createElement('div');
        host.style.background = 'var(--bg)';
        host.innerHTML =
          '<button disabled>Plain</button><button class="btn-primary" disabled>Save</button>' +
          '<button class="btn-danger" disabled>Kill</button>';
        document.body.append(host);
        const page = w.__colour!(getComputedStyle(host).backgroundColor) as never;
        const out: Record<string, number> = {};
        for (const b of Array.from(host.querySelectorAll('button'))) {
          const s = getComputedStyle(b);
          const opacity = Number(s.opacity);
          const fill = w.__over!(w.__colour!(s.backgroundColor), page) as never;
          const text = w.__over!(w.__colour!(s.color), fill) as never;
          // An element's opacity blends the whole of it with the page.
          const seen = (c: never) =>
            w.__over!({ ...(c as object), a: opacity } as never, page) as never;
          const lt = w.__lum!(seen(text)) as unknown as number;
          const lb = w.__lum!(seen(fill)) as unknown as number;
          out[b.textContent!] = (Math.max(lt, lb) + 0.05) / (Math.min(lt, lb) + 0.05);
        }
        host.remove();
        return out;
      });
      for (const [name, ratio] of Object.entries(contrasts))
        expect(ratio, `${name} disabled, ${scheme}`).toBeGreaterThanOrEqual(4.5);
    }
    // The veil behind the help brings the brightest text of the page well down in dark.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor({ timeout: 5000 });
    await frame();
    await screenshot(page, 'shell-fit-help-dark');
    const drop = await help.evaluate((dialog) => {
      const w = window as unknown as Record<string, (...a: unknown[]) => never>;
      const veil = w.__colour!(getComputedStyle(dialog, '::backdrop').backgroundColor) as never;
      const text = w.__colour!(getComputedStyle(document.body).color) as never;
      const before = w.__lstar!(w.__lum!(text)) as unknown as number;
      const after = w.__lstar!(w.__lum!(w.__over!(veil, text))) as unknown as number;
      return before - after;
    });
    expect(drop).toBeGreaterThanOrEqual(25);
    // Every shortcut the app has is listed, Format SQL and moving a tab among them.
    const keys = await help.locator('kbd').allTextContents();
    expect(keys).toEqual(expect.arrayContaining(['Ctrl+Shift+F', 'Shift+←', 'Shift+→']));
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached', timeout: 5000 });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('sizes tabs to their names between a minimum and a cap', async () => {
    await connect(SHORT, 1);
    await connect(LONG, 2);
    await page.getByRole('button', { name: 'Paste a plan' }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => tabs().count(), { timeout: 10_000 }).toBe(4);
    await screenshot(page, 'shell-fit-4-tabs');
    const sizes = await tabs().evaluateAll((ts) =>
      ts.map((t) => {
        // The label or its name part (an editor's label is a name and a slot number).
        const parts = Array.from(t.querySelectorAll<HTMLElement>('.tab-label, .tab-label *'));
        return {
          title: t.getAttribute('title'),
          width: t.getBoundingClientRect().width,
          cut: parts.some((p) => p.scrollWidth > p.clientWidth + 1),
        };
      }),
    );
    const by = (title: string) => sizes.find((s) => s.title === title)!;
    // Short names take less room and are not cut; the long one is cut, named in full on hover.
    expect(by('Plan').cut).toBe(false);
    expect(by('Settings').cut).toBe(false);
    expect(by(SHORT).cut).toBe(false);
    expect(by(LONG).cut).toBe(true);
    expect(by('Plan').width).toBeLessThan(by(SHORT).width);
    expect(by(SHORT).width).toBeLessThan(by(LONG).width);
    for (const s of sizes) {
      expect(s.width, s.title!).toBeGreaterThanOrEqual(72);
      expect(s.width, s.title!).toBeLessThanOrEqual(200.5);
    }
  });

  it('says what a plan or settings tab is in the status bar, never the tab before', async () => {
    await strip().locator(`[role=tab][title="${LONG}"]`).click();
    await expect.poll(() => status().textContent()).toContain(LONG);
    await strip().locator('[role=tab][title="Plan"]').click();
    await expect.poll(() => status().textContent()).toContain('Plan');
    const onPlan = (await status().textContent())!;
    expect(onPlan).not.toContain(LONG);
    expect(onPlan).not.toMatch(/session \d/);
    expect(onPlan).not.toContain('Not connected');
    expect(onPlan).toContain('no server session');
    await screenshot(page, 'shell-fit-status-plan');
    await strip().locator('[role=tab][title="Settings"]').click();
    await expect.poll(() => status().textContent()).toContain('Settings');
    expect(await status().textContent()).not.toContain(LONG);
    await strip().locator(`[role=tab][title="${SHORT}"]`).click();
    await expect.poll(() => status().textContent()).toContain(SHORT);
  });

  it('selects in the rail the connection of the tab in front', async () => {
    const selected = () =>
      page
        .locator('[role=listbox][aria-label="Saved connections"] [aria-selected=true]')
        .getAttribute('data-connection-name');
    // The last connection clicked in the rail was LONG; the tab in front is SHORT's.
    await strip().locator(`[role=tab][title="${SHORT}"]`).click();
    await expect.poll(selected).toBe(SHORT);
    await strip().locator(`[role=tab][title="${LONG}"]`).click();
    await expect.poll(selected).toBe(LONG);
    await strip().locator(`[role=tab][title="${SHORT}"]`).click();
    await expect.poll(selected).toBe(SHORT);
  });

  it('bounds the schema tree so every other connection stays in view, its rows scrolling', async () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await strip().locator(`[role=tab][title="${SHORT}"]`).click();
      const tree = page.getByRole('tree', { name: `Schemas on ${SHORT}` });
      await tree.getByText(SCHEMAS[29]!).waitFor({ timeout: 10_000 });
      await frame();
      await screenshot(page, `shell-fit-schema-tree-${size.width}x${size.height}`);
      const seen = await page.evaluate(
        ({ tree, names }) => {
          const rail = document.querySelector('nav.rail')!;
          const r = rail.getBoundingClientRect();
          const t = document.querySelector(`[role=tree][aria-label="${tree}"]`)!;
          return {
            railScrolled: rail.scrollTop,
            treeScrolls: t.scrollHeight > t.clientHeight,
            hidden: names.filter((n) => {
              const item = document.querySelector(`[role=option][data-connection-name="${n}"]`)!;
              const b = item.getBoundingClientRect();
              return b.top < r.top || b.bottom > r.bottom;
            }),
          };
        },
        { tree: `Schemas on ${SHORT}`, names: [LONG, SHORT, ...FILLERS] },
      );
      expect(seen).toEqual({ railScrolled: 0, treeScrolls: true, hidden: [] });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('fades the strip where tabs are scrolled past, never cutting one hard', async () => {
    for (let n = 5; n <= 15; n++) {
      await page.keyboard.press('Alt+t');
      await expect.poll(() => tabs().count(), { timeout: 20_000 }).toBe(n);
    }
    const edges = () =>
      strip().evaluate((s) => {
        const r = s.getBoundingClientRect();
        const cut = Array.from(s.querySelectorAll('[role=tab]')).map((t) => {
          const b = t.getBoundingClientRect();
          return {
            start: b.left < r.left - 1 && b.right > r.left,
            end: b.left < r.right && b.right > r.right + 1,
          };
        });
        const mask = getComputedStyle(s).maskImage || getComputedStyle(s).webkitMaskImage;
        return {
          fade: s.getAttribute('data-fade'),
          gradient: mask.includes('gradient'),
          cutStart: cut.some((c) => c.start),
          cutEnd: cut.some((c) => c.end),
        };
      });
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await strip().evaluate((s) => (s.scrollLeft = 0));
      await frame();
      await screenshot(page, `shell-fit-15-tabs-start-${scheme}`);
      const start = await edges();
      expect(start).toMatchObject({ fade: 'end', gradient: true, cutStart: false });
      await strip().evaluate((s) => (s.scrollLeft = s.scrollWidth));
      await frame();
      await screenshot(page, `shell-fit-15-tabs-end-${scheme}`);
      // Scrolled to the end: the last tab is whole, the ones before fade in.
      expect(await edges()).toMatchObject({ fade: 'start', gradient: true, cutEnd: false });
      await strip().evaluate((s) => (s.scrollLeft = s.scrollWidth / 3));
      await frame();
      expect(await edges()).toMatchObject({ fade: 'both', gradient: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(errors).toEqual([]);
  });
});
