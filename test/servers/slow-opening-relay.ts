import { connect } from 'node:net';
import { startTcpRelay, type TcpRelay } from './tcp-relay';

/**
 * A TCP relay whose new connections reach the server only after `delayMs` (what the client
 * sends meanwhile waits), as over a slow network or a busy server's accept queue: opening a
 * connection is slow, a connection already open is not.
 */
export function startSlowOpeningRelay(target: number, delayMs: number): Promise<TcpRelay> {
  return startTcpRelay((client, track) => {
    client.pause();
    client.on('error', () => {});
    setTimeout(() => {
      if (client.destroyed) return;
      const upstream = connect({ host: '127.0.0.1', port: target });
      track(upstream);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    }, delayMs);
  });
}
