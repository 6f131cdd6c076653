/**
 * A SecretBox around a 32-byte key: AES-256-GCM, a fresh random 96-bit IV per secret, and the
 * authentication tag, so changed data is detected instead of decrypting to garbage. The key comes
 * from the OS keychain (the desktop app's data key, sealed by safeStorage) or from a key file
 * (see key-file-secret-box); this module only seals and unseals.
 *
 * Sealed format: `v1:<iv>:<tag>:<ciphertext>`, each part base64. The version prefix lets a later
 * release change the scheme and still recognise what this one wrote.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ApiError } from '../../shared/api/errors';
import type { SecretBox } from './secret-box';

export const SECRET_KEY_BYTES = 32;
/** 96 bits: the IV size GCM is designed for. Random per secret, which is safe for far more
 * secrets than a connections file will ever hold (the limit is around 2^32 per key). */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_VERSION = 'v1';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Seals with `key` (exactly 32 bytes). `keyDescription` says where the key lives, e.g. "the key
 * in /home/me/.config/Sightline/secret.key", so a wrong-key error can point at it.
 */
export function keySecretBox(
  key: Uint8Array,
  kind: SecretBox['kind'],
  keyDescription = 'the current key',
): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) {
    throw new ApiError({
      code: 'STORE_FAILED',
      message: `The key for saved secrets is ${key.length} bytes long; it must be exactly ${SECRET_KEY_BYTES} bytes.`,
    });
  }
  // A private copy: the caller's buffer could be reused or zeroed later.
  const ownKey = Buffer.from(key);

  return {
    kind,
    encrypt(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', ownKey, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        SEALED_VERSION,
        iv.toString('base64'),
        tag.toString('base64'),
        ciphertext.toString('base64'),
      ].join(':');
    },

    decrypt(sealed: string): string {
      const parts = sealed.split(':');
      const [version, ivText, tagText, ciphertextText] = parts;
      if (version !== SEALED_VERSION) {
        throw unreadable(
          version !== undefined && /^v\d+$/.test(version) && parts.length > 1
            ? `it was saved in a format this version of Sightline does not know (${version}); it may come from a newer version`
            : 'it is not in the format Sightline seals secrets in',
        );
      }
      if (
        parts.length !== 4 ||
        ivText === undefined ||
        tagText === undefined ||
        ciphertextText === undefined ||
        ![ivText, tagText, ciphertextText].every((part) => BASE64.test(part))
      ) {
        throw unreadable('it is cut short or has been changed');
      }
      const iv = Buffer.from(ivText, 'base64');
      const tag = Buffer.from(tagText, 'base64');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw unreadable('it is cut short or has been changed');
      }
      const decipher = createDecipheriv('aes-256-gcm', ownKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertextText, 'base64')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // GCM cannot tell a wrong key from changed data: both fail the authentication tag.
        throw unreadable(
          `it was saved with a different key than ${keyDescription} (for example, the key was ` +
            `replaced or comes from another computer), or the saved data has been changed`,
        );
      }
    },
  };
}

function unreadable(reason: string): ApiError {
  return new ApiError({
    code: 'STORE_CORRUPT',
    message: `A saved secret could not be decrypted because ${reason}. Enter it again to save it anew.`,
  });
}
