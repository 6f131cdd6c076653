import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { statementShape } from '../../../shared/tuning/statement-shape';

/**
 * One statement's accepted plan, as `plan-check --update` writes it: the statement (and its
 * shape, which names the file), the EXPLAIN FORMAT=JSON text the server gave, its shape
 * fingerprint and the server it came from. Reviewable in a pull request, one file a statement.
 */
export const PlanBaselineSchema = z.object({
  version: z.literal(1),
  shape: z.string(),
  statement: z.string(),
  server: z.string(),
  fingerprint: z.string(),
  explain: z.string(),
});
export type PlanBaseline = z.infer<typeof PlanBaselineSchema>;

/**
 * The file a statement's baseline lives in: 16 hex digits of the SHA-256 of its shape, so the
 * same statement with other literals, spacing or case finds the same file, wherever it stands
 * in the input.
 */
export function baselineFile(dir: string, sql: string): string {
  const digest = createHash('sha256').update(statementShape(sql)).digest('hex').slice(0, 16);
  return path.join(dir, `${digest}.json`);
}

/** A baseline read back, none yet, or what is wrong with the file (parse, don't trust). */
export type BaselineRead =
  { kind: 'found'; baseline: PlanBaseline } | { kind: 'missing' } | { kind: 'broken'; why: string };

export async function readBaseline(file: string): Promise<BaselineRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'broken', why: `cannot read ${file}${code ? ` (${code})` : ''}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { kind: 'broken', why: `${file} is not JSON: ${(e as Error).message}` };
  }
  const parsed = PlanBaselineSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      kind: 'broken',
      why: `${file}: ${issue.path.join('.') || '(top)'}: ${issue.message}`,
    };
  }
  return { kind: 'found', baseline: parsed.data };
}

/** Writes a baseline whole or not at all (a temporary file renamed over the old one). */
export async function writeBaseline(file: string, baseline: PlanBaseline): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(baseline, null, 2)}\n`);
  await rename(temporary, file);
}
