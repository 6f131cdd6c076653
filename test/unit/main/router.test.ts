import { describe, expect, it, vi } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import { ApiError } from '../../../src/shared/api/errors';
import { MAX_STATEMENT_BYTES } from '../../../src/shared/api/message-limits';
import type { CallContext, Handlers } from '../../../src/main/backend/handlers';
import { checkedEvent, dispatch } from '../../../src/main/backend/router';

const ctx: CallContext = { peerId: 'p', emit: () => {}, onPeerClose: () => {} };

function handlers(overrides: Partial<Handlers>): Handlers {
  const missing = async () => {
    throw new Error('not in this test');
  };
  return new Proxy(overrides as Handlers, {
    get: (target, key: string) => (target as Record<string, unknown>)[key] ?? missing,
  });
}

describe('dispatch', () => {
  it('calls the handler with validated, trimmed params and returns its result', async () => {
    const save = vi.fn(async () => ({ deleted: true as const }));
    const reply = await dispatch(
      handlers({ 'connections.delete': save }),
      { t: 'call', id: 7, method: 'connections.delete', params: { id: 'x' } },
      ctx,
    );
    expect(reply).toEqual({ t: 'result', id: 7, ok: true, value: { deleted: true } });
    expect(save).toHaveBeenCalledWith({ id: 'x' }, ctx);
  });

  it('names the wrong field of an invalid request and never calls the handler', async () => {
    const save = vi.fn();
    const settings = {
      ...defaultConnectionSettings(),
      name: 'a',
      endpoint: { kind: 'tcp', host: 'h', port: 0 },
    };
    const reply = await dispatch(
      handlers({ 'connections.save': save }),
      { t: 'call', id: 1, method: 'connections.save', params: { settings, secrets: {} } },
      ctx,
    );
    expect(save).not.toHaveBeenCalled();
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        field: 'settings.endpoint.port',
        message:
          'Invalid request to connections.save: settings.endpoint.port: Port must be between 1 and 65535',
      },
    });
  });

  it('refuses a statement over the ceiling with its size, before the handler sees it', async () => {
    const start = vi.fn();
    const sql = '€'.repeat(MAX_STATEMENT_BYTES / 3 + 1);
    const reply = await dispatch(
      handlers({ 'query.start': start }),
      { t: 'call', id: 8, method: 'query.start', params: { sessionId: 's', sql } },
      ctx,
    );
    expect(start).not.toHaveBeenCalled();
    expect(reply).toEqual({
      t: 'result',
      id: 8,
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        field: 'sql',
        message:
          'Invalid request to query.start: sql: The statement is 64.0 MiB (67,108,866 bytes) of ' +
          'UTF-8, more than the 64 MiB (67,108,864 bytes) Sightline sends in one statement; it ' +
          'was not sent.',
      },
    });
  });

  it('refuses unknown methods, including prototype names', async () => {
    for (const method of ['nope', 'constructor', '__proto__', 'toString']) {
      const reply = await dispatch(handlers({}), { t: 'call', id: 2, method, params: {} }, ctx);
      expect(reply).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    }
  });

  it('answers a malformed envelope with an id, and drops one without', async () => {
    expect(await dispatch(handlers({}), { t: 'call', id: 3 }, ctx)).toMatchObject({
      id: 3,
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    expect(await dispatch(handlers({}), 'garbage', ctx)).toBeNull();
    expect(await dispatch(handlers({}), null, ctx)).toBeNull();
  });

  it('passes ApiErrors through with their codes', async () => {
    const reply = await dispatch(
      handlers({
        'connections.list': async () => {
          throw new ApiError({ code: 'STORE_CORRUPT', message: 'bad file' });
        },
      }),
      { t: 'call', id: 4, method: 'connections.list', params: {} },
      ctx,
    );
    expect(reply).toEqual({
      t: 'result',
      id: 4,
      ok: false,
      error: { code: 'STORE_CORRUPT', message: 'bad file' },
    });
  });

  it('turns unexpected errors into INTERNAL without a stack trace', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = await dispatch(
      handlers({
        'connections.list': async () => {
          throw new TypeError('x is undefined');
        },
      }),
      { t: 'call', id: 5, method: 'connections.list', params: {} },
      ctx,
    );
    spy.mockRestore();
    expect(reply).toEqual({
      t: 'result',
      id: 5,
      ok: false,
      error: { code: 'INTERNAL', message: 'Unexpected error in connections.list: x is undefined' },
    });
    expect(JSON.stringify(reply)).not.toContain('at ');
  });

  it('refuses to send a result that breaks the contract', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = await dispatch(
      handlers({ 'connections.delete': async () => ({ deleted: 'maybe' }) as never }),
      { t: 'call', id: 6, method: 'connections.delete', params: { id: 'a' } },
      ctx,
    );
    spy.mockRestore();
    expect(reply).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('strips what the contract does not name from a result before it leaves', async () => {
    const reply = await dispatch(
      handlers({
        'connections.delete': async () => ({ deleted: true, secret: 'x' }) as never,
      }),
      { t: 'call', id: 8, method: 'connections.delete', params: { id: 'a' } },
      ctx,
    );
    expect(reply).toEqual({ t: 'result', id: 8, ok: true, value: { deleted: true } });
  });
});

describe('checkedEvent', () => {
  it('passes a payload the contract accepts and drops one it does not, saying so', () => {
    const ok = {
      sessionId: 's',
      connectionId: 'c',
      error: { code: 'CONNECTION_LOST' as const, message: 'gone' },
    };
    expect(checkedEvent('session.lost', ok)).toEqual(ok);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(checkedEvent('session.lost', { sessionId: 's' } as never)).toBeNull();
    expect(spy).toHaveBeenCalledWith(
      '[backend] dropped an invalid session.lost event:',
      expect.any(Array),
    );
    spy.mockRestore();
  });
});
