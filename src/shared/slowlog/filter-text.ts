// A digest filter as a person types it (times as text), turned into the digest's bounds: the
// same time forms and the same "a bare date as `until` means the whole day" as the CLI.
import type { DigestFilter } from './slowlog-digest';
import { parseTimeBound } from './timestamp';

/** A filter's fields as typed; an empty or missing field filters nothing. */
export interface FilterText {
  since?: string | undefined;
  until?: string | undefined;
  user?: string | undefined;
  host?: string | undefined;
  db?: string | undefined;
}

/** The time forms a bound accepts, for messages. */
export const TIME_FORMS =
  '2026-11-25, 2026-11-25 10:00:00, 2026-11-25T10:00:00 (UTC unless followed by an offset such as -05:00) or 261125';

const BARE_DATE = /^(?:\d{6}|\d{4}-\d\d-\d\d)$/;

/** Why a typed time bound is not one, or null when it is (or is empty). */
export function timeBoundProblem(text: string | undefined): string | null {
  if (text === undefined || text.trim() === '') return null;
  return parseTimeBound(text) === undefined
    ? `"${text.trim()}" is not a time (${TIME_FORMS})`
    : null;
}

/**
 * The digest filter of a typed one; throws a RangeError naming the field for a time that is not
 * one (check with {@link timeBoundProblem} first for a message without throwing).
 */
export function digestFilterOf(text: FilterText): DigestFilter {
  const filter: DigestFilter = {};
  for (const bound of ['since', 'until'] as const) {
    const value = text[bound]?.trim();
    if (!value) continue;
    const seconds = parseTimeBound(value);
    if (seconds === undefined) throw new RangeError(`${bound}: ${timeBoundProblem(value)}`);
    filter[bound] = bound === 'until' && BARE_DATE.test(value) ? seconds + 86399.999999 : seconds;
  }
  for (const name of ['user', 'host', 'db'] as const) {
    const value = text[name]?.trim();
    if (value) filter[name] = value;
  }
  return filter;
}

/** Whether a typed filter filters anything. */
export function isFilterEmpty(text: FilterText): boolean {
  return Object.values(text).every((v) => v === undefined || v.trim() === '');
}
