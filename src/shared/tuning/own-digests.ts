import { isOwnStatementText } from './own-statement-tag';

/**
 * Which digests are Sightline's own statements, learnt from the example texts the server gives
 * (QUERY_SAMPLE_TEXT, or the statement history): a digest is Sightline's while every text seen
 * for it carries Sightline's tag. One untagged text (an application running the same statement)
 * makes it the application's for good: hiding a statement someone else runs would hide load.
 */
export class OwnDigests {
  /** digest key → true while only tagged texts were seen, false once another text was. */
  readonly #seen = new Map<string, boolean>();

  /** Notes one example text of digest `key` (null or empty: nothing learnt). */
  note(key: string, text: string | null): void {
    if (text === null || text === '') return;
    if (this.#seen.get(key) === false) return;
    this.#seen.set(key, isOwnStatementText(text));
  }

  /** Whether the digest is known to be Sightline's own. */
  isOwn(key: string): boolean {
    return this.#seen.get(key) === true;
  }

  /** What its texts said: Sightline's (true), another's (false), or no text seen (undefined). */
  verdict(key: string): boolean | undefined {
    return this.#seen.get(key);
  }

  /** Forgets digests no longer in the table (evicted or truncated). */
  keepOnly(live: ReadonlySet<string>): void {
    for (const key of this.#seen.keys()) if (!live.has(key)) this.#seen.delete(key);
  }
}
