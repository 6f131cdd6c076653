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

/**
 * The absolute file an export may write, checked before anything runs: FILE_ERROR naming the
 * path when it is relative (it would land wherever the backend was started), when its folder
 * does not exist, when it is a folder, or when the file exists and `overwrite` is not set.
 */
export async function resolveExportPath(
  input: string,
  overwrite: boolean,
  home: string = os.homedir(),
): Promise<string> {
  const expanded = expandHome(input.trim(), home);
  if (!path.isAbsolute(expanded)) {
    throw fileError(input, 'Give a full path (starting with / or ~/), not a relative one');
  }
  const target = path.resolve(expanded);
  const folder = path.dirname(target);
  try {
    const dir = await statOrNull(folder);
    if (!dir) throw fileError(target, `The folder ${folder} does not exist; cannot write`);
    if (!dir.isDirectory()) throw fileError(target, `${folder} is not a folder; cannot write`);
    const existing = await statOrNull(target);
    if (existing?.isDirectory()) throw fileError(target, 'That is a folder, not a file');
    if (existing && !overwrite) {
      throw fileError(target, 'The file already exists (allow overwriting to replace it)');
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw fileError(target, 'Cannot check the path', err);
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
