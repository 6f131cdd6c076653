import { describe, expect, it } from 'vitest';
import { newDownloadToken, type DownloadHandover } from '../../../src/main/export/download-offer';
import { contentDisposition } from '../../../src/main/web/download-route';
import { DownloadStore } from '../../../src/main/web/download-store';
import { safeFileName } from '../../../src/shared/api/download-name';

const FILE = `${'ab'.repeat(16)}.csv`;

/** A store on a clock the test moves, recording the files it removes. */
function storeAt(start = 1_000_000) {
  const clock = { now: start };
  const removed: string[] = [];
  const store = new DownloadStore(
    '/private/dl',
    () => clock.now,
    async (f) => {
      removed.push(f);
    },
  );
  return { store, clock, removed };
}

function handover(over: Partial<DownloadHandover> = {}): DownloadHandover {
  return {
    client: 'page-a',
    token: newDownloadToken(),
    file: FILE,
    fileName: 'orders.csv',
    contentType: 'text/csv; charset=utf-8',
    expiresAt: 1_000_000 + 120_000,
    ...over,
  };
}

const anyPage = () => true;

describe('one-time download tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newDownloadToken()));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('serve once: a second use is refused like an unknown token', () => {
    const { store } = storeAt();
    const h = handover();
    expect(store.add(h)).toBe(true);
    const first = store.take(h.token, anyPage);
    expect(first).toEqual({
      ok: true,
      download: {
        client: 'page-a',
        file: `/private/dl/${FILE}`,
        fileName: 'orders.csv',
        contentType: 'text/csv; charset=utf-8',
        expiresAt: h.expiresAt,
      },
    });
    expect(store.take(h.token, anyPage)).toEqual({ ok: false, why: 'unknown' });
    expect(store.size).toBe(0);
  });

  it('refuse an expired token and remove its file', () => {
    const { store, clock, removed } = storeAt();
    const h = handover();
    store.add(h);
    clock.now = h.expiresAt;
    expect(store.take(h.token, anyPage)).toEqual({
      ok: false,
      why: 'expired',
      removed: expect.any(Promise) as Promise<void>,
    });
    expect(removed).toEqual([`/private/dl/${FILE}`]);
  });

  it('refuse a request the owner check denies, and the token is spent', () => {
    const { store, removed } = storeAt();
    const h = handover();
    store.add(h);
    expect(store.take(h.token, (owner) => owner === 'page-b')).toEqual({
      ok: false,
      why: 'other-client',
      removed: expect.any(Promise) as Promise<void>,
    });
    expect(store.take(h.token, anyPage)).toEqual({ ok: false, why: 'unknown' });
    expect(removed).toEqual([`/private/dl/${FILE}`]);
  });

  it('refuse malformed and unknown tokens', () => {
    const { store } = storeAt();
    store.add(handover());
    expect(store.take('../../etc/passwd', anyPage)).toEqual({ ok: false, why: 'malformed' });
    expect(store.take('', anyPage)).toEqual({ ok: false, why: 'malformed' });
    expect(store.take(newDownloadToken(), anyPage)).toEqual({ ok: false, why: 'unknown' });
  });

  it('take no file outside their folder and nothing already expired', () => {
    const { store, removed } = storeAt();
    expect(store.add(handover({ file: '../secret.csv' }))).toBe(false);
    expect(store.add(handover({ file: '/etc/passwd' }))).toBe(false);
    expect(removed).toEqual([]);
    expect(store.add(handover({ expiresAt: 1_000_000 }))).toBe(false);
    expect(removed).toEqual([`/private/dl/${FILE}`]);
    expect(store.size).toBe(0);
  });

  it('go with their page, and all go at close', async () => {
    const { store, removed } = storeAt();
    const a = handover();
    const b = handover({ client: 'page-b', file: `${'cd'.repeat(16)}.jsonl` });
    store.add(a);
    store.add(b);
    store.revokeClient('page-a');
    expect(store.take(a.token, anyPage)).toEqual({ ok: false, why: 'unknown' });
    expect(removed).toEqual([`/private/dl/${FILE}`]);
    await store.close();
    expect(removed).toEqual([`/private/dl/${FILE}`, `/private/dl/${'cd'.repeat(16)}.jsonl`]);
    expect(store.take(b.token, anyPage)).toEqual({ ok: false, why: 'unknown' });
  });
});

describe('Content-Disposition of a download', () => {
  it('gives plain names as they are', () => {
    expect(contentDisposition('orders.csv')).toBe(
      `attachment; filename="orders.csv"; filename*=UTF-8''orders.csv`,
    );
  });

  it('encodes any other name exactly in filename* and safely in filename', () => {
    expect(contentDisposition('Bestellungen ü 😀.csv')).toBe(
      `attachment; filename="Bestellungen _ __.csv"; filename*=UTF-8''Bestellungen%20%C3%BC%20%F0%9F%98%80.csv`,
    );
    // Nothing can close the quoted string, add a parameter or start a new header line.
    const h = contentDisposition('a";b\\c\r\nSet-Cookie: x=1 (1)%.csv');
    expect(h).toBe(
      `attachment; filename="a__b_c__Set-Cookie: x=1 (1)_.csv"; filename*=UTF-8''a%22%3Bb%5Cc%0D%0ASet-Cookie%3A%20x%3D1%20%281%29%25.csv`,
    );
    expect(h).not.toMatch(/[\r\n]/);
  });
});

describe('safe file names', () => {
  it('replace separators, reserved and control characters, and add the extension', () => {
    expect(safeFileName('prod: orders', 'sql')).toBe('prod- orders.sql');
    expect(safeFileName('../../etc/passwd', 'csv')).toBe('-..-etc-passwd.csv');
    expect(safeFileName('..hidden', 'csv')).toBe('hidden.csv');
    expect(safeFileName('a\u0000b\u007fc.csv', 'csv')).toBe('a-b-c.csv');
    expect(safeFileName('  ', 'jsonl')).toBe('export.jsonl');
    expect(safeFileName('x.CSV', 'csv')).toBe('x.CSV');
  });
});
