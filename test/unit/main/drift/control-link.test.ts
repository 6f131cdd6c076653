import type { Connection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { ControlLink } from '../../../../src/main/services/drift/control-link';
import type { DriftServer } from '../../../../src/main/services/drift/pin-snapshots';
import type { ServerInfo } from '../../../../src/shared/server/server-info';

// The link's life cycle. That a comparison keeps one connection per server on real servers is
// tested through the drift API; here, which faults drop the kept connection and which keep it
// (a link broken at the right moment is not something a test server can be made to show).

function fakeServer() {
  const opened: Array<{ id: number; closed: boolean }> = [];
  let refuse = false;
  const server: DriftServer = {
    info: {} as ServerInfo,
    open: async () => {
      if (refuse) throw new Error('Access denied');
      const link = { id: opened.length + 1, closed: false };
      opened.push(link);
      return {
        conn: { id: link.id } as unknown as Connection,
        close: async () => {
          link.closed = true;
        },
      };
    },
  };
  return { server, opened, refuseNext: (r: boolean) => (refuse = r) };
}

const connId = (conn: Connection) => (conn as unknown as { id: number }).id;

describe('ControlLink', () => {
  it('opens one connection and keeps it for every use, through ordinary SQL errors', async () => {
    const f = fakeServer();
    const link = new ControlLink(f.server);
    const ids = await Promise.all([1, 2, 3].map(() => link.use(async (c) => connId(c))));
    expect(ids).toEqual([1, 1, 1]);
    await expect(
      link.use(async () => {
        throw Object.assign(new Error('Unknown column'), { errno: 1054 });
      }),
    ).rejects.toThrow('Unknown column');
    expect(await link.use(async (c) => connId(c))).toBe(1);
    expect(f.opened).toEqual([{ id: 1, closed: false }]);
  });

  it('drops a connection that broke and opens another on the next use', async () => {
    const f = fakeServer();
    const link = new ControlLink(f.server);
    await expect(
      link.use(async () => {
        throw Object.assign(new Error('Connection lost'), { fatal: true });
      }),
    ).rejects.toThrow('Connection lost');
    expect(f.opened[0]!.closed).toBe(true);
    expect(await link.use(async (c) => connId(c))).toBe(2);
  });

  it('tries again after a failed open, and refuses uses once closed', async () => {
    const f = fakeServer();
    const link = new ControlLink(f.server);
    f.refuseNext(true);
    await expect(link.use(async () => 0)).rejects.toThrow('Access denied');
    f.refuseNext(false);
    expect(await link.use(async (c) => connId(c))).toBe(1);
    await link.close();
    expect(f.opened[0]!.closed).toBe(true);
    await expect(link.use(async () => 0)).rejects.toThrow(/closed/);
  });
});
