import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay whose new connections reach the server only after `delayMs` (what the client
 * sends meanwhile waits), as over a slow network or a busy server's accept queue: opening a
 * connection is slow, a connection already open is not.
 */
export async function startSlowOpeningRelay(
  target: number,
  delayMs: number,
): Promise<{ port: number; server: Server; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.pause();
    client.on('error', () => {});
    setTimeout(() => {
      if (client.destroyed) return;
      const upstream = connect({ host: '127.0.0.1', port: target });
      sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    }, delayMs);
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
