import { afterAll, expect } from 'vitest';

/**
 * Fails the test file if anything produced an unhandled promise rejection or an uncaught
 * exception (an 'error' event nobody listened to ends up there). vitest reports these too, but
 * only as a run-level error; this names them in the file that caused them.
 * Call once at the top level of a test file.
 */
export function failOnUnhandledErrors(): void {
  const seen: string[] = [];
  const onRejection = (reason: unknown) => seen.push(`unhandledRejection: ${describe(reason)}`);
  const onException = (error: unknown) => seen.push(`uncaughtException: ${describe(error)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  afterAll(async () => {
    // Rejections are reported a tick or so after they happen; let late ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    expect(seen).toEqual([]);
  });
}

function describe(x: unknown): string {
  if (x instanceof Error)
    return `${x.name}: ${x.message} ${(x as { code?: unknown }).code ?? ''}`.trim();
  return String(x);
}
