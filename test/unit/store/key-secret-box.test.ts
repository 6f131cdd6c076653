import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/errors';
import { keySecretBox } from '../../../src/main/store/key-secret-box';

const SEALED_SHAPE = /^v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/]*={0,2}$/;

function caught(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('keySecretBox', () => {
  const box = keySecretBox(randomBytes(32), 'safe-storage', 'the test key');

  it('round-trips text, including empty and non-ASCII secrets', () => {
    for (const plain of ['hunter2', '', 'pässwörd 密码 🔑', 'a:b:c', 'x'.repeat(4096)]) {
      const sealed = box.encrypt(plain);
      expect(sealed).toMatch(SEALED_SHAPE);
      expect(box.decrypt(sealed)).toBe(plain);
    }
    expect(box.kind).toBe('safe-storage');
  });

  it('uses a fresh IV per secret, so equal secrets do not look equal', () => {
    const a = box.encrypt('same');
    const b = box.encrypt('same');
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('does not contain the secret or its base64', () => {
    const sealed = box.encrypt('correct horse battery staple');
    expect(sealed).not.toContain('correct horse');
    expect(sealed).not.toContain(Buffer.from('correct horse battery staple').toString('base64'));
  });

  it('reports a wrong key in plain words', () => {
    const sealed = box.encrypt('hunter2');
    const other = keySecretBox(randomBytes(32), 'key-file', 'the key in /x/secret.key');
    const error = caught(() => other.decrypt(sealed));
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.message).toBe(
      'A saved secret could not be decrypted because it was saved with a different key than ' +
        'the key in /x/secret.key (for example, the key was replaced or comes from another ' +
        'computer), or the saved data has been changed. Enter it again to save it anew.',
    );
  });

  it('detects a changed ciphertext, IV or tag', () => {
    const [version, iv, tag, ciphertext] = box.encrypt('hunter2').split(':') as [
      string,
      string,
      string,
      string,
    ];
    const flip = (b64: string): string => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = (bytes[0] ?? 0) ^ 0x01;
      return bytes.toString('base64');
    };
    for (const tampered of [
      [version, iv, tag, flip(ciphertext)],
      [version, flip(iv), tag, ciphertext],
      [version, iv, flip(tag), ciphertext],
    ]) {
      const error = caught(() => box.decrypt(tampered.join(':')));
      expect(error.code).toBe('STORE_CORRUPT');
      expect(error.message).toContain('or the saved data has been changed');
    }
  });

  it('rejects malformed sealed strings without crashing', () => {
    const sealed = box.encrypt('hunter2');
    const cases: [string, string][] = [
      [sealed.slice(0, sealed.lastIndexOf(':')), 'it is cut short or has been changed'],
      [`${sealed}:extra`, 'it is cut short or has been changed'],
      ['v1:!!!:@@@:###', 'it is cut short or has been changed'],
      ['v1:AAAA:AAAA:AAAA', 'it is cut short or has been changed'],
      ['hunter2', 'it is not in the format Sightline seals secrets in'],
      ['', 'it is not in the format Sightline seals secrets in'],
      [
        'v2:abc:def:ghi',
        'it was saved in a format this version of Sightline does not know (v2); it may come from a newer version',
      ],
    ];
    for (const [input, reason] of cases) {
      const error = caught(() => box.decrypt(input));
      expect(error.code).toBe('STORE_CORRUPT');
      expect(error.message).toBe(
        `A saved secret could not be decrypted because ${reason}. Enter it again to save it anew.`,
      );
    }
  });

  it('refuses a key that is not 32 bytes', () => {
    const error = caught(() => keySecretBox(randomBytes(16), 'key-file'));
    expect(error.code).toBe('STORE_FAILED');
    expect(error.message).toBe(
      'The key for saved secrets is 16 bytes long; it must be exactly 32 bytes.',
    );
  });

  it('is not affected when the caller later overwrites its key buffer', () => {
    const key = randomBytes(32);
    const own = keySecretBox(key, 'key-file');
    const sealed = own.encrypt('hunter2');
    key.fill(0);
    expect(own.decrypt(sealed)).toBe('hunter2');
  });
});
