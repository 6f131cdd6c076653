import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that is free right now: the kernel picks one for a throwaway listener.
 * Another process may take it before the server binds it, so starters retry on
 * "Address already in use".
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const listener = createServer();
    listener.unref();
    listener.on('error', reject);
    listener.listen(0, '127.0.0.1', () => {
      const address = listener.address();
      listener.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a loopback listener'));
      });
    });
  });
}

/** Whether `port` on 127.0.0.1 can be bound right now (the sandbox prefers fixed ports). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const listener = createServer();
    listener.unref();
    listener.on('error', () => resolve(false));
    listener.listen(port, '127.0.0.1', () => listener.close(() => resolve(true)));
  });
}
