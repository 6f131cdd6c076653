import { constants, createHash, publicEncrypt, type KeyObject } from 'node:crypto';
import type { AuthPlugin } from 'mysql2';
import { ApiError } from '../../shared/api/errors';

/**
 * Our own `caching_sha2_password` and `sha256_password` client plugins, used on every
 * connection instead of mysql2's. Both plugins may have to send the password itself: mysql2's
 * send it RSA-encrypted under whatever public key the server hands over, so on a link without
 * TLS anyone in the middle can hand over their own key and read the password. These do what
 * the `mysql` client does:
 *
 *   secure link (TLS up, or a local socket)   the password, inside the secure link
 *   pinned key (serverPublicKeyFile)          encrypted with the pinned key only
 *   explicit opt-in (getServerPublicKey)      ask the server for its key, encrypt with it
 *   otherwise                                 refuse, before anything secret is sent
 *
 * `mysql_native_password` never sends the password (a challenge response only), and mysql2
 * itself refuses `mysql_clear_password` unless enabled, which we never do.
 */
export interface PasswordAuthOptions {
  password: string;
  /** TLS is up on this stream (mysql2 fails the handshake otherwise), or it is a local socket. */
  secureLink: boolean;
  /** The pinned server public key, read from the user's file at connect time. */
  pinnedKey: KeyObject | undefined;
  /** The user opted in to trusting the key the server sends. */
  trustServerKey: boolean;
  /** For messages: `db.example.com:3306`. */
  server: string;
  /**
   * Why the TLS link may not carry the password (its certificate is not the pinned one), or
   * null; asked right before the password would be sent in the clear inside TLS.
   */
  linkRefusal?: () => ApiError | null;
}

export interface PasswordAuth {
  plugins: Record<string, AuthPlugin>;
  /** Why the login was stopped on our side, if it was; mysql2 reports it as a plugin error. */
  refusal(): ApiError | undefined;
}

const CACHING_SHA2_FAST_AUTH_OK = 0x03;
const CACHING_SHA2_FULL_AUTH = 0x04;
const CACHING_SHA2_REQUEST_KEY = 0x02;
const SHA256_REQUEST_KEY = 0x01;

export function passwordAuth(options: PasswordAuthOptions): PasswordAuth {
  let refused: ApiError | undefined;
  const refuse = (plugin: string, why?: ApiError): never => {
    refused = why ?? insecurePasswordError(options.server, plugin);
    // mysql2 overwrites the `code` of what a plugin throws, so the ApiError is kept aside.
    throw new Error(refused.message);
  };
  return {
    plugins: {
      caching_sha2_password: () => cachingSha2(options, refuse),
      sha256_password: () => sha256(options, refuse),
    },
    refusal: () => refused,
  };
}

type Refuse = (plugin: string, why?: ApiError) => never;
type Step = (data: Buffer) => Buffer | null;

/**
 * The password for a full authentication: clear inside a secure link, else RSA-encrypted with
 * a key we may trust, else nothing. `requestKey` is the plugin's "send me your key" packet.
 */
function fullAuth(
  options: PasswordAuthOptions,
  scramble: Buffer,
  requestKey: number,
  plugin: string,
  refuse: Refuse,
): { send: Buffer; next: Step | null } {
  const { password } = options;
  if (options.secureLink) {
    const linkRefused = options.linkRefusal?.();
    if (linkRefused) return refuse(plugin, linkRefused);
  }
  // An empty password has nothing to protect; the server needs the terminating zero only.
  if (options.secureLink || password === '') return { send: zeroTerminated(password), next: null };
  if (options.pinnedKey) {
    return { send: encryptPassword(password, scramble, options.pinnedKey), next: null };
  }
  if (!options.trustServerKey) return refuse(plugin);
  return {
    send: Buffer.from([requestKey]),
    next: (serverKey) => encryptPassword(password, scramble, serverKey),
  };
}

function cachingSha2(options: PasswordAuthOptions, refuse: Refuse): Step {
  let scramble = Buffer.alloc(0);
  let step: Step = (data) => {
    scramble = Buffer.from(data.subarray(0, 20));
    step = afterToken;
    return scrambleToken(options.password, scramble);
  };
  const afterToken: Step = (data) => {
    if (data.length === 1 && data[0] === CACHING_SHA2_FAST_AUTH_OK) {
      step = unexpected;
      return null;
    }
    if (data.length === 1 && data[0] === CACHING_SHA2_FULL_AUTH) {
      const { send, next } = fullAuth(
        options,
        scramble,
        CACHING_SHA2_REQUEST_KEY,
        'caching_sha2_password',
        refuse,
      );
      step = next ?? unexpected;
      return send;
    }
    return unexpected(data);
  };
  return (data) => step(data);
}

function sha256(options: PasswordAuthOptions, refuse: Refuse): Step {
  let step: Step = (data) => {
    const scramble = Buffer.from(data.subarray(0, 20));
    const { send, next } = fullAuth(
      options,
      scramble,
      SHA256_REQUEST_KEY,
      'sha256_password',
      refuse,
    );
    step = next ?? unexpected;
    return send;
  };
  return (data) => step(data);
}

const unexpected: Step = () => {
  throw new Error('The server sent an unexpected authentication packet.');
};

/** caching_sha2_password's first answer: XOR(SHA256(p), SHA256(SHA256(SHA256(p)), scramble)). */
function scrambleToken(password: string, scramble: Buffer): Buffer {
  if (password === '') return Buffer.alloc(0);
  const sha = (...parts: Buffer[]) => {
    const h = createHash('sha256');
    for (const p of parts) h.update(p);
    return h.digest();
  };
  const stage1 = sha(Buffer.from(password, 'utf8'));
  const stage3 = sha(sha(stage1), scramble);
  return xor(stage1, stage3);
}

/** What both plugins send under RSA: the zero-terminated password XORed with the scramble. */
function encryptPassword(password: string, scramble: Buffer, key: KeyObject | Buffer): Buffer {
  const plain = xor(zeroTerminated(password), scramble);
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, plain);
}

/** `a` XOR `b`, `b` repeated as often as needed. */
function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.allocUnsafe(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] ?? 0) ^ (b[i % b.length] ?? 0);
  return out;
}

function zeroTerminated(password: string): Buffer {
  return Buffer.from(`${password}\0`, 'utf8');
}

function insecurePasswordError(server: string, plugin: string): ApiError {
  return new ApiError({
    code: 'INSECURE_PASSWORD',
    message:
      `The server ${server} asked for the password (${plugin}) on a link that is not encrypted, ` +
      'and no public key is pinned for it. Sending it under a key the server hands over would ' +
      'let anyone in the middle read it. Use TLS (mode required or stricter), pin the ' +
      "server's public key file (its data directory's public_key.pem), or, only on a network " +
      "you trust, turn on 'Request the server's public key'.",
    field: 'tls.serverPublicKeyFile',
  });
}
