import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../src/main/web/content-security-policy';
import {
  isAppUrl,
  permissionAllowed,
  secureWebPreferences,
} from '../../../src/main/app/window-security';

describe('desktop window security', () => {
  it('isolates and sandboxes the renderer, with no Node', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('grants app pages the clipboard write only, and other pages nothing', () => {
    expect(permissionAllowed('clipboard-sanitized-write', 'app://sightline/index.html')).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'app://sightline')).toBe(true);
    for (const p of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'hid',
    ]) {
      expect(permissionAllowed(p, 'app://sightline/index.html'), p).toBe(false);
    }
    expect(permissionAllowed('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', '')).toBe(false);
  });

  it('treats only app://sightline as the app', () => {
    expect(isAppUrl('app://sightline/index.html')).toBe(true);
    expect(isAppUrl('app://sightline.evil/index.html')).toBe(false);
    expect(isAppUrl('https://example.com')).toBe(false);
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
  });

  it('has a strict CSP: own scripts only, no eval, workers from blob for Monaco', () => {
    const csp = contentSecurityPolicy(['ws://127.0.0.1:1234']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:1234");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
