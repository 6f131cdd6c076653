import { describe, expect, it, vi } from 'vitest';
import { externalHttpUrl, handleOpenExternal } from '../../../src/main/app/external-links';

describe('externalHttpUrl', () => {
  it('lets plain http(s) addresses through, normalised', () => {
    expect(externalHttpUrl('https://github.com/sightline/releases/tag/v1.2.0')).toBe(
      'https://github.com/sightline/releases/tag/v1.2.0',
    );
    expect(externalHttpUrl('HTTP://Example.COM')).toBe('http://example.com/');
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'smb://attacker/share',
    'ms-msdt:/id PCWDiagnostic',
    'vscode://open?file=/x',
    'app://sightline/index.html',
    'mailto:someone@example.com',
    'https://user:pass@example.com/',
    'https://github.com@evil.example/',
    'http://',
    'not a url',
    `https://example.com/${'a'.repeat(2100)}`,
  ])('refuses %s', (raw) => {
    expect(externalHttpUrl(raw)).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    for (const raw of [null, undefined, 1, {}, ['https://example.com'], new URL('https://a.b')]) {
      expect(externalHttpUrl(raw)).toBeNull();
    }
  });
});

describe('handleOpenExternal', () => {
  const fromApp = { senderUrl: 'app://sightline/index.html', fromMainFrame: true };

  it('opens an http(s) URL asked for by the app window', async () => {
    const open = vi.fn(async () => {});
    expect(await handleOpenExternal({ ...fromApp, url: 'https://example.com/x' }, open)).toBe(true);
    expect(open).toHaveBeenCalledWith('https://example.com/x');
  });

  it('opens nothing for another scheme, another page or a sub-frame', async () => {
    const open = vi.fn(async () => {});
    const refused = [
      { ...fromApp, url: 'file:///etc/passwd' },
      { ...fromApp, url: 'smb://host/share' },
      { senderUrl: 'https://evil.example/', fromMainFrame: true, url: 'https://example.com/' },
      { senderUrl: 'file:///tmp/x.html', fromMainFrame: true, url: 'https://example.com/' },
      { senderUrl: null, fromMainFrame: true, url: 'https://example.com/' },
      { ...fromApp, fromMainFrame: false, url: 'https://example.com/' },
    ];
    for (const request of refused) {
      expect(await handleOpenExternal(request, open), JSON.stringify(request)).toBe(false);
    }
    expect(open).not.toHaveBeenCalled();
  });
});
