import { ResultLimitSettingsSchema, type ResultLimitSettings } from '../../shared/api/settings';

/** The result limit fields as typed (text, so a half-typed number is kept as it is). */
export interface ResultLimitDraft {
  maxRows: string;
  maxMegabytes: string;
}

export function draftOf(settings: ResultLimitSettings): ResultLimitDraft {
  return { maxRows: String(settings.maxRows), maxMegabytes: String(settings.maxMegabytes) };
}

/** A typed number, with the group separators people type (1,000,000 or 1 000 000) allowed. */
function numberOf(text: string): number {
  const plain = text.trim().replace(/[\s,_]/g, '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The settings the fields say, or for each wrong field what is wrong with it (in the words the
 * backend would use, so the screen and the API agree).
 */
export function readResultLimitDraft(
  draft: ResultLimitDraft,
):
  | { ok: true; value: ResultLimitSettings }
  | { ok: false; problems: Partial<Record<keyof ResultLimitDraft, string>> } {
  const parsed = ResultLimitSettingsSchema.safeParse({
    maxRows: numberOf(draft.maxRows),
    maxMegabytes: numberOf(draft.maxMegabytes),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: Partial<Record<keyof ResultLimitDraft, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'maxRows' || field === 'maxMegabytes') && !problems[field]) {
      problems[field] = issue.message;
    }
  }
  return { ok: false, problems };
}
