import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../src/main/web/content-security-policy';
import { isAppUrl, secureWebPreferences } from '../../../src/main/app/window-security';

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
    });
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
