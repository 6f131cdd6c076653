import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  checkHostKey,
  hostKeyAlgorithm,
  hostKeyFingerprint,
} from '../../../src/main/db/ssh-host-key';
import { SshSettingsSchema, type SshSettings } from '../../../src/shared/api/connection';
import { ApiErrorShapeSchema } from '../../../src/shared/api/errors';
import { useTempDirs } from '../store/temp-dirs';

const run = promisify(execFile);
const tempDir = useTempDirs();

/** The key blob of an OpenSSH public key line: `type base64 comment`. */
function blobOf(publicKeyLine: string): Buffer {
  return Buffer.from(publicKeyLine.trim().split(/\s+/)[1] ?? '', 'base64');
}

/** A fresh key pair made by ssh-keygen: its public blob and what `ssh-keygen -lf` prints. */
async function generated(type: string, bits?: number) {
  const file = join(await tempDir(), `key_${type}`);
  await run('ssh-keygen', [
    '-q',
    '-t',
    type,
    ...(bits !== undefined ? ['-b', String(bits)] : []),
    '-N',
    '',
    '-C',
    'test',
    '-f',
    file,
  ]);
  const { stdout } = await run('ssh-keygen', ['-l', '-f', `${file}.pub`]);
  return { blob: blobOf(await readFile(`${file}.pub`, 'utf8')), listed: stdout.trim() };
}

// A key made once with `ssh-keygen -t ed25519`, and what `ssh-keygen -lf` printed for it.
const VECTOR_PUB =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIADr/WAlJFvuLmGHWz6nCgY2lw6lnFXWzergG0kSFsUd vector';
const VECTOR_FINGERPRINT = 'SHA256:xuzsKjT+/wnaqK1DGAWSXLaYF/hQjEKMB5UMOrpVLeY';

describe('hostKeyFingerprint', () => {
  it('matches a known ssh-keygen -lf vector', () => {
    expect(hostKeyFingerprint(blobOf(VECTOR_PUB))).toBe(VECTOR_FINGERPRINT);
  });

  it.each([
    ['ed25519', undefined, 'ssh-ed25519'],
    ['ecdsa', 256, 'ecdsa-sha2-nistp256'],
    ['rsa', 2048, 'ssh-rsa'],
  ])(
    'matches ssh-keygen -lf for a fresh %s key, and names its algorithm',
    async (type, bits, algorithm) => {
      const { blob, listed } = await generated(type, bits);
      // `256 SHA256:... test (ED25519)`
      const fingerprint = hostKeyFingerprint(blob);
      expect(listed.split(' ')[1]).toBe(fingerprint);
      expect(fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
      expect(SshSettingsSchema.shape.hostKeySha256.safeParse(fingerprint).success).toBe(true);
      expect(hostKeyAlgorithm(blob)).toBe(algorithm);
    },
  );
});

describe('hostKeyAlgorithm', () => {
  it('reads the first length-prefixed string of the blob', () => {
    expect(hostKeyAlgorithm(blobOf(VECTOR_PUB))).toBe('ssh-ed25519');
  });
  it("says 'unknown' for blobs that are not SSH keys", () => {
    expect(hostKeyAlgorithm(Buffer.alloc(0))).toBe('unknown');
    expect(hostKeyAlgorithm(Buffer.from([0, 0, 0, 200, 65, 66]))).toBe('unknown');
    expect(hostKeyAlgorithm(Buffer.from([0, 0, 0, 0]))).toBe('unknown');
    expect(hostKeyAlgorithm(Buffer.from([0, 0, 0, 2, 10, 65]))).toBe('unknown');
  });
});

describe('checkHostKey', () => {
  const ssh: SshSettings = {
    host: 'bastion.example.com',
    port: 2222,
    user: 'me',
    auth: 'key',
    privateKeyFile: '/k',
  };
  const blob = blobOf(VECTOR_PUB);

  it('accepts the saved key', () => {
    expect(checkHostKey({ ...ssh, hostKeySha256: VECTOR_FINGERPRINT }, blob)).toBeNull();
  });

  it('refuses a key when none is saved: SSH_HOST_KEY_UNKNOWN with the presented key', () => {
    const e = checkHostKey(ssh, blob);
    expect(e?.code).toBe('SSH_HOST_KEY_UNKNOWN');
    expect(e?.message).toContain('Open Edit → Test to review the key and trust it');
    expect(e?.toShape()).toEqual({
      code: 'SSH_HOST_KEY_UNKNOWN',
      message: e?.message,
      sshHostKey: {
        host: 'bastion.example.com',
        port: 2222,
        fingerprint: VECTOR_FINGERPRINT,
        algorithm: 'ssh-ed25519',
      },
    });
    // The wire schema keeps it, so the screen gets it.
    expect(ApiErrorShapeSchema.parse(e?.toShape())).toEqual(e?.toShape());
  });

  it('refuses a different key: SSH_HOST_KEY_CHANGED with both fingerprints, in danger words', () => {
    const saved = `SHA256:${'A'.repeat(43)}`;
    const e = checkHostKey({ ...ssh, hostKeySha256: saved }, blob);
    expect(e?.code).toBe('SSH_HOST_KEY_CHANGED');
    expect(e?.sshHostKey).toEqual({
      host: 'bastion.example.com',
      port: 2222,
      fingerprint: VECTOR_FINGERPRINT,
      algorithm: 'ssh-ed25519',
      expected: saved,
    });
    expect(e?.message).toBe(
      'Danger: the SSH server bastion.example.com:2222 presented a different host key than the ' +
        `one saved for this connection (saved ${saved}, presented ssh-ed25519 ` +
        `${VECTOR_FINGERPRINT}). Someone may be intercepting the connection to capture your ` +
        "credentials, so nothing was sent. Check with the server's administrator whether its " +
        'host key was changed; only if it was, edit the connection, Test, and replace the saved ' +
        'key with the new one.',
    );
  });
});

describe('SshSettingsSchema.hostKeySha256', () => {
  const base = { host: 'h', port: 22, user: 'u', auth: 'password' as const };
  it.each([
    ['SHA256:xuzsKjT+/wnaqK1DGAWSXLaYF/hQjEKMB5UMOrpVLeY=', 'padded'],
    ['sha256:xuzsKjT+/wnaqK1DGAWSXLaYF/hQjEKMB5UMOrpVLeY', 'lower-case prefix'],
    ['MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48', 'MD5'],
    ['SHA256:xuzsKjT+/wnaqK1DGAWSXLaYF/hQjEKMB5UMOrpVLe', 'too short'],
    ['', 'empty'],
  ])('rejects %j (%s) with a message that says what is expected', (value) => {
    const r = SshSettingsSchema.safeParse({ ...base, hostKeySha256: value });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({
        path: ['hostKeySha256'],
        message: 'The SSH host key fingerprint must be SHA256: followed by 43 base64 characters',
      }),
    ]);
  });
  it('is optional, and keeps a valid fingerprint', () => {
    expect(SshSettingsSchema.safeParse(base).success).toBe(true);
    expect(SshSettingsSchema.parse({ ...base, hostKeySha256: VECTOR_FINGERPRINT })).toEqual({
      ...base,
      hostKeySha256: VECTOR_FINGERPRINT,
    });
  });
});
