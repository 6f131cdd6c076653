import {
  constants,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';

/**
 * A fake MySQL server, as someone in the middle would run one: it offers no TLS, asks for the
 * password with the auth plugin it is told to use, hands out its OWN RSA public key when asked,
 * and records everything the client sends. Whatever arrives RSA-encrypted under its key it
 * decrypts, so a test can tell whether the password could be recovered. It never lets anyone
 * in (it ends every login with error 1045).
 *
 * Only as much of the protocol as a login needs: the v10 greeting (no CLIENT_SSL), an auth
 * switch to `plugin`, and the plugin's exchange. With `tls` (a PEM key and certificate of its
 * own, as a man in the middle would have) it offers TLS too, and records what the client sent
 * inside it (`receivedInTls`).
 */
export type FakeAuthPlugin =
  'caching_sha2_password' | 'sha256_password' | 'mysql_native_password' | 'mysql_clear_password';

export interface FakeMysqlServer {
  port: number;
  /** Every byte any client sent, per connection. */
  received(): Buffer[];
  /** Passwords decrypted from RSA payloads sent under this server's key. */
  recovered(): string[];
  /** True when `password` reached this server in any form it can read. */
  sawPassword(password: string): boolean;
  /** The bytes each client sent inside TLS, decrypted (empty for connections without TLS). */
  receivedInTls(): Buffer[];
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

const CAPABILITIES =
  0x00000001 | // LONG_PASSWORD
  0x00000004 | // LONG_FLAG
  0x00000008 | // CONNECT_WITH_DB
  0x00000200 | // PROTOCOL_41
  0x00002000 | // TRANSACTIONS
  0x00008000 | // SECURE_CONNECTION
  0x00010000 | // MULTI_STATEMENTS
  0x00020000 | // MULTI_RESULTS
  0x00080000 | // PLUGIN_AUTH
  0x00100000 | // CONNECT_ATTRS
  0x00200000; // PLUGIN_AUTH_LENENC_CLIENT_DATA
// Without 0x00000800 (CLIENT_SSL) unless started with `tls`: "this server has no TLS".

export interface FakeTls {
  key: string;
  cert: string;
}

export async function startFakeMysqlServer(
  plugin: FakeAuthPlugin,
  options: { tls?: FakeTls } = {},
): Promise<FakeMysqlServer> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = String(publicKey.export({ type: 'spki', format: 'pem' }));
  const received: Buffer[] = [];
  const receivedInTls: Buffer[] = [];
  const recovered: string[] = [];
  let accepted = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const index = received.push(Buffer.alloc(0)) - 1;
    receivedInTls.push(Buffer.alloc(0));
    serve(socket, plugin, publicPem, privateKey, options.tls, {
      onBytes: (b) => (received[index] = Buffer.concat([received[index] ?? Buffer.alloc(0), b])),
      onTlsBytes: (b) =>
        (receivedInTls[index] = Buffer.concat([receivedInTls[index] ?? Buffer.alloc(0), b])),
      onRecovered: (p) => recovered.push(p),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    received: () => [...received],
    receivedInTls: () => [...receivedInTls],
    recovered: () => [...recovered],
    sawPassword: (password) =>
      recovered.includes(password) ||
      [...received, ...receivedInTls].some((bytes) =>
        bytes.includes(Buffer.from(password, 'utf8')),
      ),
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Sinks {
  onBytes(b: Buffer): void;
  onTlsBytes(b: Buffer): void;
  onRecovered(password: string): void;
}

function serve(
  socket: Socket,
  plugin: FakeAuthPlugin,
  publicPem: string,
  privateKey: KeyObject,
  tls: FakeTls | undefined,
  sinks: Sinks,
): void {
  const scramble = Buffer.from(randomBytes(20).map((b) => (b % 94) + 33)); // no zero bytes
  let buffered = Buffer.alloc(0);
  let seq = 0;
  // What the next client packet is: the handshake response, then the answer to the switch,
  // then (per plugin) a key request or the password itself.
  let state: 'response' | 'switched' | 'full-auth' | 'key-sent' | 'done' = 'response';

  // The plain socket, until the client asks for TLS; then the TLS socket over it.
  let link: Socket = socket;
  const send = (payload: Buffer) => {
    const header = Buffer.alloc(4);
    header.writeUIntLE(payload.length, 0, 3);
    header[3] = seq++ & 0xff;
    link.write(Buffer.concat([header, payload]));
  };
  const deny = () => {
    const message = Buffer.from('Access denied (fake server)', 'utf8');
    const err = Buffer.concat([Buffer.from([0xff, 0x15, 0x04]), Buffer.from('#28000'), message]);
    send(err);
    state = 'done';
    link.end();
  };
  const recover = (data: Buffer) => {
    try {
      const plain = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        data,
      );
      const xored = Buffer.from(plain.map((b, i) => b ^ (scramble[i % scramble.length] ?? 0)));
      const end = xored.indexOf(0);
      sinks.onRecovered(xored.subarray(0, end < 0 ? xored.length : end).toString('utf8'));
    } catch {
      // Not encrypted under our key: nothing to recover.
    }
  };
  const moreData = (body: Buffer) => send(Buffer.concat([Buffer.from([0x01]), body]));

  const onPacket = (payload: Buffer) => {
    // An SSL request: the first 32 bytes of a handshake response, CLIENT_SSL set, no user.
    if (state === 'response' && tls && payload.length === 32 && (payload[1] ?? 0) & 0x08) {
      upgrading = true;
      return;
    }
    switch (state) {
      case 'response':
        // Whatever the client chose first, switch to the plugin under test.
        send(
          Buffer.concat([
            Buffer.from([0xfe]),
            Buffer.from(`${plugin}\0`, 'latin1'),
            scramble,
            Buffer.from([0]),
          ]),
        );
        state = 'switched';
        return;
      case 'switched':
        if (plugin === 'caching_sha2_password') {
          moreData(Buffer.from([0x04])); // perform_full_authentication
          state = 'full-auth';
          return;
        }
        if (plugin === 'sha256_password' && payload.length === 1 && payload[0] === 0x01) {
          moreData(Buffer.from(publicPem, 'latin1'));
          state = 'key-sent';
          return;
        }
        recover(payload);
        deny();
        return;
      case 'full-auth':
        if (payload.length === 1 && payload[0] === 0x02) {
          moreData(Buffer.from(publicPem, 'latin1'));
          state = 'key-sent';
          return;
        }
        recover(payload);
        deny();
        return;
      case 'key-sent':
        recover(payload);
        deny();
        return;
      case 'done':
        return;
    }
  };

  let upgrading = false;
  /** Puts TLS on the socket; `early` is what the client sent after the SSL request already. */
  const upgrade = (settings: FakeTls, early: Buffer) => {
    // Over a stream of our own, so bytes already read (the ClientHello may come in the same
    // chunk as the SSL request) reach the TLS socket too.
    const raw = new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, done) {
        socket.write(chunk, done);
      },
    });
    socket.removeAllListeners('data');
    socket.on('data', (chunk: Buffer) => raw.push(chunk));
    socket.on('end', () => raw.push(null));
    if (early.length > 0) raw.push(early);
    const secure = new TLSSocket(raw, { isServer: true, key: settings.key, cert: settings.cert });
    secure.on('error', () => socket.destroy());
    secure.on('data', (chunk: Buffer) => {
      sinks.onTlsBytes(chunk);
      onBytes(chunk);
    });
    link = secure;
  };
  const onBytes = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4) {
      const length = buffered.readUIntLE(0, 3);
      if (buffered.length < 4 + length) return;
      seq = ((buffered[3] ?? 0) + 1) & 0xff;
      const payload = buffered.subarray(4, 4 + length);
      buffered = buffered.subarray(4 + length);
      onPacket(payload);
      if (upgrading && tls) {
        upgrading = false;
        const early = buffered;
        buffered = Buffer.alloc(0);
        upgrade(tls, early);
        return;
      }
    }
  };
  socket.on('data', (chunk: Buffer) => {
    sinks.onBytes(chunk);
    onBytes(chunk);
  });

  // The greeting: protocol 10, no CLIENT_SSL, caching_sha2_password as the default plugin.
  const greeting = Buffer.alloc(21);
  let o = 0;
  o = greeting.writeUInt32LE(7, o); // connection id
  scramble.copy(greeting, o, 0, 8);
  o += 8;
  greeting[o++] = 0; // filler
  const capabilities = tls ? CAPABILITIES | 0x00000800 : CAPABILITIES; // CLIENT_SSL
  o = greeting.writeUInt16LE(capabilities & 0xffff, o);
  greeting[o++] = 255; // utf8mb4_0900_ai_ci
  o = greeting.writeUInt16LE(0x0002, o); // SERVER_STATUS_AUTOCOMMIT
  o = greeting.writeUInt16LE(capabilities >>> 16, o);
  greeting[o++] = 21; // auth plugin data length
  send(
    Buffer.concat([
      Buffer.from([0x0a]),
      Buffer.from('8.0.99-fake\0', 'latin1'),
      greeting.subarray(0, o),
      Buffer.alloc(10), // reserved
      scramble.subarray(8, 20),
      Buffer.from([0]),
      Buffer.from('caching_sha2_password\0', 'latin1'),
    ]),
  );
}
