import { connect } from 'node:net';
import { startTcpRelay, type TcpRelay } from './tcp-relay';

/**
 * A TCP relay that, like a dropped network path or a NAT that lost its entry, goes silent when
 * the server side closes instead of closing the client's side: the client sees no error.
 */
export function startSilentRelay(target: number): Promise<TcpRelay> {
  return startTcpRelay((client, track) => {
    const upstream = connect({ host: '127.0.0.1', port: target });
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client, { end: false });
    upstream.on('error', () => {});
    client.on('error', () => {});
    client.on('close', () => upstream.destroy());
  });
}
