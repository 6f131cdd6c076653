// Generates every packaged icon from the one source image, resources/icon.svg:
//   resources/icons/<N>x<N>.png  Linux (electron-builder picks the sizes from the names)
//   resources/icon.png           1024 px, the generic fallback
//   resources/icon.icns          macOS
//   resources/icon.ico           Windows (installer and exe)
// The SVG is drawn by Debian's chromium at each size (so small icons are rasterised from
// vectors, not shrunk), then png2icons packs the big PNG into icns/ico. The outputs are
// committed, so packaging never needs this script; run it after changing icon.svg:
//   npx tsx scripts/make-icons.ts
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import png2icons from 'png2icons';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resources = path.join(root, 'resources');

/** Linux icon theme sizes, plus 1024 for the fallback and the icns/ico sources. */
const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;

async function renderSizes(svg: string): Promise<Map<number, Buffer>> {
  const browser = await chromium.launch({
    executablePath: process.env.SIGHTLINE_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const out = new Map<number, Buffer>();
  try {
    for (const size of ICON_SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const html =
        `<html><body style="margin:0;background:transparent">` +
        svg.replace('<svg ', `<svg width="${size}" height="${size}" `) +
        `</body></html>`;
      await page.setContent(html);
      out.set(size, await page.screenshot({ omitBackground: true, type: 'png' }));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function main(): Promise<void> {
  const svg = await readFile(path.join(resources, 'icon.svg'), 'utf8');
  const pngs = await renderSizes(svg);
  await mkdir(path.join(resources, 'icons'), { recursive: true });
  for (const [size, png] of pngs) {
    await writeFile(path.join(resources, 'icons', `${size}x${size}.png`), png);
  }
  const big = pngs.get(1024);
  if (!big) throw new Error('the 1024 px rendering is missing');
  await writeFile(path.join(resources, 'icon.png'), big);
  const icns = png2icons.createICNS(big, png2icons.BICUBIC, 0);
  const ico = png2icons.createICO(big, png2icons.BICUBIC, 0, true, true);
  if (!icns || !ico) throw new Error('png2icons could not convert the 1024 px icon');
  await writeFile(path.join(resources, 'icon.icns'), icns);
  await writeFile(path.join(resources, 'icon.ico'), ico);
  console.log(`icons written to ${resources} (${ICON_SIZES.join(', ')} px, icns, ico)`);
}

main().catch((e: unknown) => {
  console.error(`make-icons failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
