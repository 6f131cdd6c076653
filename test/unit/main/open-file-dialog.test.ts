import { describe, expect, it } from 'vitest';
import { handleOpenFile } from '../../../src/main/app/open-file-dialog';

const ours = { senderUrl: 'app://sightline/index.html', fromMainFrame: true };

describe('the native Open dialog, asked for by a page', () => {
  it('shows it for our own page with a title and returns the path chosen', async () => {
    const titles: string[] = [];
    const show = async (title: string) => {
      titles.push(title);
      return '/var/log/mysql/slow.log';
    };
    expect(await handleOpenFile({ ...ours, options: { title: 'Open a slow log' } }, show)).toBe(
      '/var/log/mysql/slow.log',
    );
    expect(titles).toEqual(['Open a slow log']);
    expect(await handleOpenFile({ ...ours, options: { title: 'x' } }, async () => null)).toBe(null);
  });

  it('refuses other pages, frames and options without showing anything', async () => {
    let shown = 0;
    const show = async () => {
      shown++;
      return '/etc/passwd';
    };
    const title = { title: 'Open' };
    for (const request of [
      { senderUrl: 'https://evil.example/', fromMainFrame: true, options: title },
      { ...ours, fromMainFrame: false, options: title },
      { senderUrl: null, fromMainFrame: true, options: title },
      { ...ours, options: null },
      { ...ours, options: { title: 42 } },
      { ...ours, options: { title: 'x'.repeat(201) } },
      { ...ours, options: { title: 'Open\n\u0007' } },
    ]) {
      expect(await handleOpenFile(request, show)).toBe(null);
    }
    expect(shown).toBe(0);
  });
});
