/**
 * Seals secrets (saved passwords) before they are written to disk. The desktop app implements
 * this with Electron's safeStorage (the OS keychain); where that is unavailable (browser mode,
 * Linux without a keyring) a key file in the data directory is used (see key-file-secret-box).
 *
 * Both methods are synchronous because both implementations are, and so callers never have to
 * hold a half-updated connection while waiting for encryption.
 */
export interface SecretBox {
  /** Where the protection comes from; reported to screens so they can tell the user. */
  readonly kind: 'safe-storage' | 'key-file';
  /** Returns a printable string that reveals nothing about `plain` except roughly its length. */
  encrypt(plain: string): string;
  /** Reverses `encrypt`; throws an ApiError with a plain-words message when it cannot. */
  decrypt(sealed: string): string;
}
