import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay that, like a dropped network path or a NAT that lost its entry, goes silent when
 * the server side closes instead of closing the client's side: the client sees no error.
 */
export async function startSilentRelay(
  target: number,
): Promise<{ port: number; server: Server; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    const upstream = connect({ host: '127.0.0.1', port: target });
    sockets.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client, { end: false });
    upstream.on('error', () => {});
    client.on('error', () => {});
    client.on('close', () => upstream.destroy());
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
