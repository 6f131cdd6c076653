import { statementShape } from './statement-shape';

/** Distinct texts remembered; Sightline's own statements are a few hundred at most. */
const MAX_TEXTS = 2000;
/** Longer texts (explains of big statements) are not shaped: the lexing would cost more. */
const MAX_TEXT_LENGTH = 16_384;

/** The literals a digest writes as `?` that statementShape() keeps as words. */
const WORD_LITERALS = /(^|[ (,])(?:null|true|false)(?=$|[ ),])/g;

/** A statement's shape as a digest would see it (see digestTextShape). */
export function sentStatementShape(sql: string): string {
  return statementShape(sql).replace(WORD_LITERALS, '$1?');
}

/**
 * The shape of a DIGEST_TEXT, equal to sentStatementShape() of a statement the digest
 * summarises: the digest writes a list of values as `(...)` and NULL, TRUE and FALSE as `?`.
 */
export function digestTextShape(digestText: string): string {
  return sentStatementShape(digestText.replace(/\(\s*\.\.\.\s*\)/g, '(?)'));
}

/**
 * The shapes of the statements Sightline sent on its own, to recognise their digests on a
 * server that keeps no example statements (MariaDB without the statement history consumers):
 * a digest whose text has one of these shapes is taken as Sightline's. Texts already seen are
 * not shaped again, so polling costs a lookup per statement.
 */
export class OwnStatementShapes {
  /** text → shape, oldest first (a Map keeps insertion order). */
  readonly #texts = new Map<string, string>();
  /** shape → how many remembered texts have it. */
  readonly #shapes = new Map<string, number>();
  #version = 0;

  /** Grows each time a new shape is remembered: answers cached under an older one may change. */
  get version(): number {
    return this.#version;
  }

  /** Notes a statement Sightline is sending. */
  note(sql: string): void {
    if (sql.length > MAX_TEXT_LENGTH || this.#texts.has(sql)) return;
    const shape = sentStatementShape(sql);
    this.#texts.set(sql, shape);
    const had = this.#shapes.get(shape) ?? 0;
    this.#shapes.set(shape, had + 1);
    if (had === 0) this.#version++;
    if (this.#texts.size > MAX_TEXTS) {
      const [oldText, oldShape] = this.#texts.entries().next().value as [string, string];
      this.#texts.delete(oldText);
      const left = (this.#shapes.get(oldShape) ?? 1) - 1;
      if (left === 0) this.#shapes.delete(oldShape);
      else this.#shapes.set(oldShape, left);
    }
  }

  /**
   * Whether a digest's DIGEST_TEXT has the shape of a statement Sightline sent. A text the
   * server cut at max_digest_length (it ends in `...`) matches a shape it begins, its last,
   * perhaps cut, token left out.
   */
  hasDigestText(digestText: string): boolean {
    if (this.#shapes.has(digestTextShape(digestText))) return true;
    if (!digestText.endsWith('...')) return false;
    const cut = digestTextShape(digestText.slice(0, -3));
    const prefix = cut.slice(0, Math.max(0, cut.lastIndexOf(' ')));
    if (prefix.length < 20) return false;
    for (const shape of this.#shapes.keys()) if (shape.startsWith(prefix)) return true;
    return false;
  }
}
