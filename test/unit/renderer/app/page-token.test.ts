import { describe, expect, it } from 'vitest';
import { takePageToken, watchPageToken } from '../../../../src/renderer/app/page-token';

/** A tab's address, history and session storage, as far as the page token uses them. */
function fakeTab(url: string) {
  const address = new URL(url);
  const stored = new Map<string, string>();
  const listeners: Array<() => void> = [];
  let reloads = 0;
  const location = {
    get hash() {
      return address.hash;
    },
    get pathname() {
      return address.pathname;
    },
    get search() {
      return address.search;
    },
    reload: () => void reloads++,
  } as unknown as Location;
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, next: string) => {
      const moved = new URL(next, address);
      address.hash = moved.hash;
      address.search = moved.search;
      address.pathname = moved.pathname;
    },
  } as unknown as History;
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
  } as unknown as Storage;
  const window = {
    location,
    history,
    sessionStorage: storage,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'hashchange') listeners.push(listener);
    },
  } as unknown as Window;
  return {
    address,
    location,
    history,
    storage,
    window,
    reloads: () => reloads,
    /** The user opens `hash` in the tab: only the fragment changes. */
    openFragment(hash: string) {
      address.hash = hash;
      for (const l of listeners) l();
    },
  };
}

describe('the page token', () => {
  it('takes the printed URL’s token into session storage and out of the address bar', () => {
    const tab = fakeTab('http://127.0.0.1:5000/?x=1#token=abc_DEF-1');
    expect(takePageToken(tab.location, tab.history, tab.storage)).toBe('abc_DEF-1');
    expect(tab.address.href).toBe('http://127.0.0.1:5000/?x=1');
    expect(tab.storage.getItem('sightline.token')).toBe('abc_DEF-1');
    // A reload finds it kept.
    expect(takePageToken(tab.location, tab.history, tab.storage)).toBe('abc_DEF-1');
  });

  it('keeps the rest of a fragment, and has no token for a page opened without one', () => {
    const tab = fakeTab('http://127.0.0.1:5000/#token=t1&view=plan');
    expect(takePageToken(tab.location, tab.history, tab.storage)).toBe('t1');
    expect(tab.address.hash).toBe('#view=plan');
    const bare = fakeTab('http://127.0.0.1:5000/');
    expect(takePageToken(bare.location, bare.history, bare.storage)).toBeNull();
  });

  it('takes a new token opened in the same tab and loads the page again to use it', () => {
    const tab = fakeTab('http://127.0.0.1:5000/#token=old');
    takePageToken(tab.location, tab.history, tab.storage);
    watchPageToken(tab.window);
    tab.openFragment('#other=1');
    expect(tab.reloads()).toBe(0);
    tab.openFragment('#token=new');
    expect(tab.storage.getItem('sightline.token')).toBe('new');
    expect(tab.address.hash).toBe('');
    expect(tab.reloads()).toBe(1);
  });
});
