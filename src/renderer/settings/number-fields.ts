import type { z } from 'zod';

/** A settings section's number fields as typed (text, so a half-typed number stays as it is). */
export type NumberDraft<K extends string> = Record<K, string>;

/** The draft of saved settings. */
export function draftOf<K extends string>(settings: Record<K, number>): NumberDraft<K> {
  const out = {} as NumberDraft<K>;
  for (const key of Object.keys(settings) as K[]) out[key] = String(settings[key]);
  return out;
}

/** A typed number, with the group separators people type (1,000,000 or 1 000 000) allowed. */
function numberOf(text: string): number {
  const plain = text.trim().replace(/[\s,_]/g, '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The settings the fields say, checked by the section's schema (the one the backend checks
 * with, so the screen and the API agree), or for each wrong field the first thing wrong with it.
 */
export function readNumberDraft<K extends string, T>(
  schema: z.ZodType<T>,
  draft: NumberDraft<K>,
): { ok: true; value: T } | { ok: false; problems: Partial<Record<K, string>> } {
  const numbers: Record<string, number> = {};
  for (const key of Object.keys(draft) as K[]) numbers[key] = numberOf(draft[key]);
  const parsed = schema.safeParse(numbers);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: Partial<Record<K, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in draft && !problems[field as K]) {
      problems[field as K] = issue.message;
    }
  }
  return { ok: false, problems };
}
