/**
 * How Sightline keeps a file on disk so that neither a crash nor a damaged file loses data.
 *
 * For a stored file `X` the protocol is:
 * - `X`               the current content; only ever replaced by an atomic rename.
 * - `X.bak`           the previous good `X`, refreshed just before `X` is replaced, so there is
 *                     always a last-good copy to fall back to.
 * - `X.tmp-<pid>-<r>` a write in progress (also `X.bak.tmp-...`); a crash can leave one behind.
 *                     It is never read, and stale ones are removed by `removeStrayTempFiles`.
 * - `X.corrupt-<ts>`  a damaged `X` (or `X.bak.corrupt-<ts>`), moved aside before anything else
 *                     is written, so a damaged file is kept for the user, never emptied.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/errors';
import { errorCode, errorMessage } from './os-error';

/** Every file Sightline stores is readable and writable by its owner only. */
export const PRIVATE_FILE_MODE = 0o600;

export interface AtomicWriteOptions {
  /** Permission bits of the written file, exactly (the umask does not widen or narrow them). */
  mode: number;
}

/** Where the last good copy of `path` is kept. */
export function backupPathOf(path: string): string {
  return `${path}.bak`;
}

/**
 * Replaces `path` with `data` so that readers see either the old or the new content in full:
 * the data goes to a temp file in the same directory (rename is only atomic within one file
 * system), is flushed to disk, and is then renamed over `path`; the directory is flushed too so
 * the rename itself survives a power cut.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions,
): Promise<void> {
  const tempPath = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    // 'wx' never follows or reuses an existing file, so a planted file cannot capture the data.
    const handle = await open(tempPath, 'wx', options.mode);
    try {
      // The mode given to open() is reduced by the umask; set it exactly.
      await handle.chmod(options.mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, path);
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}

/**
 * Flushes a directory entry change (a rename) to disk. Not every platform can open a directory
 * for this (Windows cannot), and there the rename is as durable as the OS makes it anyway.
 */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: see above.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

const TEMP_SUFFIX = /^\.tmp-(\d+)-[0-9a-f]+$/;

/**
 * Removes temp files that an interrupted write of `path` (or of its backup) left behind, and
 * returns their paths. A temp file of another running process is left alone, since that
 * process may be about to rename it; one carrying our own pid is stale, because this is meant
 * to run when a store is opened, before it writes anything.
 */
export async function removeStrayTempFiles(path: string): Promise<string[]> {
  const dir = dirname(path);
  const prefixes = [basename(path), basename(backupPathOf(path))];
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    for (const prefix of prefixes) {
      if (!name.startsWith(prefix)) continue;
      const match = TEMP_SUFFIX.exec(name.slice(prefix.length));
      if (!match) continue;
      const pid = Number(match[1]);
      if (pid !== process.pid && isProcessRunning(pid)) continue;
      const strayPath = join(dir, name);
      await unlink(strayPath);
      removed.push(strayPath);
    }
  }
  return removed;
}

function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Moves a damaged file out of the way to `<path>.corrupt-<timestamp>` and returns the new path.
 * Rename keeps the bytes identical, so the user (or support) can still look at or repair it.
 */
export async function moveAsideDamaged(path: string): Promise<string> {
  // Colons are not allowed in Windows file names.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let target = `${path}.corrupt-${stamp}`;
  for (let n = 2; await pathExists(target); n++) target = `${path}.corrupt-${stamp}-${n}`;
  try {
    await rename(path, target);
  } catch (error) {
    throw new ApiError({
      code: 'STORE_CORRUPT',
      message:
        `${path} is damaged, and it could not be moved aside to ${target} to keep it safe ` +
        `(${errorMessage(error)}). Nothing was changed. Move the file away by hand, then start ` +
        `Sightline again.`,
    });
  }
  return target;
}

async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

type Attempt<T> =
  | { status: 'ok'; value: T; bytes: Buffer }
  | { status: 'missing' }
  | {
      status: 'damaged';
      reason: string;
      /** Set when the file could not be read at all, so whether it is good is unknown. */
      readError?: unknown;
    };

/** Reads, parses and validates one file, saying in plain words what is wrong with it if anything. */
async function attemptRead<T>(path: string, schema: z.ZodType<T>): Promise<Attempt<T>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { status: 'missing' };
    return {
      status: 'damaged',
      reason: `it could not be read: ${errorMessage(error)}`,
      readError: error,
    };
  }
  if (bytes.length === 0) return { status: 'damaged', reason: 'it is empty' };
  let json: unknown;
  try {
    // A byte-order mark (added by some editors) is not part of JSON; tolerate it.
    json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    return { status: 'damaged', reason: `it is not valid JSON: ${errorMessage(error)}` };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    return {
      status: 'damaged',
      reason: `its content is not in the expected format: ${describeIssues(result.error)}`,
    };
  }
  return { status: 'ok', value: result.data, bytes };
}

/** The first problem of a failed validation as "where: what" (one is enough to locate damage). */
function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown problem';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the top level';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problems)` : '';
  return `${where}: ${issue.message}${more}`;
}

export interface JsonFileRead<T> {
  value: T;
  /** Which copy the value came from; 'empty' when neither file could be used. */
  source: 'main' | 'backup' | 'empty';
  /** What went wrong and where the damaged files were kept, in plain words; null when all is well. */
  warning: string | null;
}

export interface JsonFileReadOptions<T> {
  /** The value to start with when there is no usable file. */
  empty: () => T;
  /** What the file holds, for messages, e.g. "The saved connections file". */
  label: string;
}

/**
 * Reads `path` as JSON validated by `schema`. When it is missing, unreadable, not JSON, or not
 * valid, the last good copy (`path.bak`) is used instead, with a warning. Damaged files are moved
 * aside (see `moveAsideDamaged`) before returning, so no later write can overwrite them. A
 * missing file with no backup is a first start: the empty value, no warning.
 */
export async function readJsonFileWithBackup<T>(
  path: string,
  schema: z.ZodType<T>,
  options: JsonFileReadOptions<T>,
): Promise<JsonFileRead<T>> {
  const main = await attemptRead(path, schema);
  if (main.status === 'ok') return { value: main.value, source: 'main', warning: null };

  const backupPath = backupPathOf(path);
  const backup = await attemptRead(backupPath, schema);
  if (main.status === 'missing' && backup.status === 'missing') {
    return { value: options.empty(), source: 'empty', warning: null };
  }

  const mainProblem =
    main.status === 'missing'
      ? `${options.label} ${path} is missing`
      : `${options.label} ${path} could not be used because ${main.reason}. ` +
        `The damaged file was kept as ${await moveAsideDamaged(path)}`;

  if (backup.status === 'ok') {
    return {
      value: backup.value,
      source: 'backup',
      warning:
        `${mainProblem}. The last good copy, ${backupPath}, was loaded instead; ` +
        `changes made after that copy was saved are missing.`,
    };
  }
  const backupProblem =
    backup.status === 'missing'
      ? `there is no backup copy (${backupPath})`
      : `the backup copy ${backupPath} could not be used ${main.status === 'missing' ? '' : 'either '}` +
        `because ${backup.reason}; it was kept as ${await moveAsideDamaged(backupPath)}`;
  return {
    value: options.empty(),
    source: 'empty',
    warning:
      `${mainProblem}, and ${backupProblem}. Sightline started empty; nothing was deleted, ` +
      `so the kept files can still be repaired or restored.`,
  };
}

/**
 * Writes `value` as JSON to `path` atomically, first making the file it replaces the new backup.
 * The replaced file only becomes the backup if it is itself valid; a damaged one (or a damaged
 * backup about to be replaced) is moved aside instead, and the returned warning says so.
 * `value` is checked against `schema` before writing, so this never writes a file that
 * `readJsonFileWithBackup` would reject.
 */
export async function writeJsonFileWithBackup<T>(
  path: string,
  value: T,
  schema: z.ZodType<T>,
  options: AtomicWriteOptions & { label: string },
): Promise<{ warning: string | null }> {
  const check = schema.safeParse(value);
  if (!check.success) {
    throw new Error(
      `Refusing to write ${path}: the data does not match its own format ` +
        `(${describeIssues(check.error)}). This is a bug in Sightline.`,
    );
  }
  const text = `${JSON.stringify(value, null, 2)}\n`;

  const warnings: string[] = [];
  const current = await attemptRead(path, schema);
  // A file that cannot be read (permissions, I/O error) may well be good: refuse to replace it.
  if (current.status === 'damaged' && current.readError !== undefined) throw current.readError;
  if (current.status === 'ok') {
    const backupPath = backupPathOf(path);
    const oldBackup = await attemptRead(backupPath, schema);
    if (oldBackup.status === 'damaged' && oldBackup.readError !== undefined) {
      throw oldBackup.readError;
    }
    if (oldBackup.status === 'damaged') {
      const kept = await moveAsideDamaged(backupPath);
      warnings.push(
        `The backup copy ${backupPath} was damaged (${oldBackup.reason}); it was kept as ${kept}.`,
      );
    }
    // Backup first: a crash between the two renames leaves main and backup both the old, good
    // content; the other order could leave a new main with no last-good copy of the old one.
    await writeFileAtomic(backupPath, current.bytes, options);
  } else if (current.status === 'damaged') {
    const kept = await moveAsideDamaged(path);
    warnings.push(
      `${options.label} ${path} had been damaged since it was read (${current.reason}); ` +
        `it was kept as ${kept} and replaced with the current data.`,
    );
  }
  await writeFileAtomic(path, text, options);
  return { warning: warnings.length > 0 ? warnings.join(' ') : null };
}
