/** mysql2 marks errors that leave the connection unusable (the link broke) as `fatal`. */
export function isFatal(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { fatal?: unknown }).fatal === true;
}
