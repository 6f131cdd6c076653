/** Reading the parts of an error thrown by Node's fs (or anything else) that messages need. */

/** The OS error code (ENOENT, EACCES, ...) when there is one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The error's own words; for fs errors these name the code, the call and the path. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
