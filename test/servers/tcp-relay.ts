import { createServer, type Server, type Socket } from 'node:net';

/** A relay listening on a loopback port of its own; `close` ends every socket it made. */
export interface TcpRelay {
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * Listens on a free loopback port and hands each client to `relay`, which connects it on;
 * every socket it registers (`track`) is destroyed by `close`.
 */
export async function startTcpRelay(
  relay: (client: Socket, track: (socket: Socket) => void) => void,
): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => sockets.add(socket);
  const server = createServer((client) => {
    track(client);
    relay(client, track);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  return {
    port: address.port,
    server,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
