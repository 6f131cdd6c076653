import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../../shared/api/errors';
import type { ExportFormat } from '../../shared/api/export';
import { errorCode } from '../store/os-error';
import { fileError } from './export-file';

/** `~` and `~/x` are the backend user's home folder, as in a shell. */
function expandHome(input: string, home: string): string {
  if (input === '~') return home;
  if (input.startsWith('~/') || input.startsWith(`~${path.sep}`)) {
    return path.join(home, input.slice(2));
  }
  return input;
}

async function statOrNull(p: string) {
  try {
    return await stat(p);
  } catch (err) {
    if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return null;
    throw err;
  }
}

/** What the caller has said about the target, and the folders exports may write without asking. */
export interface ExportPathConsent {
  /** The user confirmed replacing the file if it exists. */
  overwrite: boolean;
  /** The user confirmed writing into this folder although no export went there before. */
  confirmedFolder: boolean;
  /** Folders exports may write into without asking (exactly these, not their subfolders). */
  approvedFolders: ReadonlySet<string>;
}

/**
 * The absolute file an export may write, checked before anything runs. FILE_ERROR naming the
 * path when it is relative (it would land wherever the backend was started). Writing into a
 * folder not approved yet, or over an existing file, needs the user's word first: the error's
 * `field` is then `confirmedFolder` or `overwrite`, for the page to ask and send again. The
 * folder is not looked at before it is approved, and a folder that cannot be written gets one
 * message whether it is missing, not a folder or not allowed, so the answers do not tell what
 * exists on the machine.
 */
export async function resolveExportPath(
  input: string,
  consent: ExportPathConsent,
  home: string = os.homedir(),
): Promise<string> {
  const expanded = expandHome(input.trim(), home);
  if (!path.isAbsolute(expanded)) {
    throw fileError(input, 'Give a full path (starting with / or ~/), not a relative one');
  }
  const target = path.resolve(expanded);
  const folder = path.dirname(target);
  if (!consent.approvedFolders.has(folder) && !consent.confirmedFolder) {
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `No export has been written into ${folder} yet: confirm that this is the folder you mean.`,
      field: 'confirmedFolder',
    });
  }
  const unwritable = () =>
    fileError(
      target,
      `Cannot write into ${folder} (it does not exist, is not a folder, or this user may not write there)`,
    );
  let existing;
  try {
    const dir = await statOrNull(folder);
    if (!dir?.isDirectory()) throw unwritable();
    existing = await statOrNull(target);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unwritable();
  }
  if (existing?.isDirectory()) throw fileError(target, 'That is a folder, not a file');
  if (existing && !consent.overwrite) {
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `The file already exists: ${target}. Confirm to replace it.`,
      field: 'overwrite',
    });
  }
  return target;
}

/** `2024-02-29-235959`: local time, sortable, safe in file names everywhere. */
function fileStamp(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}-` +
    `${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
  );
}

/**
 * A new file in the home folder for an export: `~/sightline-export-<time>.<csv|jsonl>`, with
 * `-2`, `-3`, ... when that name is taken.
 */
export async function defaultExportPath(
  format: ExportFormat,
  home: string = os.homedir(),
  now: Date = new Date(),
): Promise<string> {
  const base = path.join(home, `sightline-export-${fileStamp(now)}`);
  for (let n = 1; ; n++) {
    const candidate = `${base}${n === 1 ? '' : `-${n}`}.${format}`;
    if (!(await statOrNull(candidate).catch(() => null))) return candidate;
  }
}
