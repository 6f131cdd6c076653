/** Which migration tool's conventions a file follows, as far as the lint needs to know. */
export type MigrationLayout =
  'plain' | 'flyway' | 'flyway-undo' | 'golang-migrate-down' | 'dbmate' | 'goose' | 'liquibase';

/** A migration file's text with what is not to be run forward blanked out. */
export interface LintableText {
  layout: MigrationLayout;
  /**
   * The text with down/rollback sections and tool directives replaced by spaces (newlines kept),
   * so lines and columns still point into the file as written. Empty for a file that is all
   * "down" (golang-migrate `*.down.sql`, Flyway `U1__x.sql` undo scripts).
   */
  text: string;
}

/** Blanks `text` from `start` to `end`, keeping newlines so positions do not move. */
function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

/** The start offset of every line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * Reads a migration file the way its tool runs it forward: golang-migrate's `*.down.sql` and
 * Flyway's undo scripts are skipped whole; dbmate's `-- migrate:down` and goose's
 * `-- +goose Down` sections are blanked; Liquibase formatted SQL loses its `--changeset`,
 * `--rollback` and other `--directive` lines (which MySQL would read as SQL: `--` needs a space
 * to start a comment). Flyway `V1__x.sql`, Rails and Django raw SQL are plain SQL.
 */
export function lintableText(fileName: string, text: string): LintableText {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  if (/\.down\.sql$/i.test(base)) return { layout: 'golang-migrate-down', text: '' };
  if (/^U\d[\w.]*__.*\.sql$/.test(base)) return { layout: 'flyway-undo', text: '' };
  const starts = lineStarts(text);
  const lineAt = (n: number) => text.slice(starts[n], (starts[n + 1] ?? text.length + 1) - 1);
  if (/^\s*--\s*migrate:(up|down)\b/im.test(text)) {
    return {
      layout: 'dbmate',
      text: blankSections(
        text,
        starts,
        lineAt,
        /^\s*--\s*migrate:up\b/i,
        /^\s*--\s*migrate:down\b/i,
      ),
    };
  }
  if (/^\s*--\s*\+goose\s+(up|down)\b/im.test(text)) {
    // StatementBegin/End need nothing: they are comments, and the splitter keeps bodies whole.
    const up = /^\s*--\s*\+goose\s+up\b/i;
    return {
      layout: 'goose',
      text: blankSections(text, starts, lineAt, up, /^\s*--\s*\+goose\s+down\b/i),
    };
  }
  if (/^\s*--\s*liquibase\s+formatted\s+sql\b/i.test(text)) {
    let out = text;
    for (let n = 0; n < starts.length; n++) {
      const line = lineAt(n);
      if (/^\s*--\s*rollback\b/i.test(line) || /^\s*--[A-Za-z]/.test(line)) {
        out = blank(out, starts[n]!, starts[n]! + line.length);
      }
    }
    return { layout: 'liquibase', text: out };
  }
  if (/^V\d[\w.]*__.*\.sql$/.test(base)) return { layout: 'flyway', text };
  // `--word` is not a comment to MySQL; tools' directive lines are blanked all the same.
  let out = text;
  for (let n = 0; n < starts.length; n++) {
    const line = lineAt(n);
    if (
      /^\s*--(changeset|rollback|comment|preconditions|precondition-|liquibase|validCheckSum|ignoreLines)\b/i.test(
        line,
      )
    ) {
      out = blank(out, starts[n]!, starts[n]! + line.length);
    }
  }
  return { layout: 'plain', text: out };
}

/** Blanks every section from a `down` marker up to the next `up` marker (markers included). */
function blankSections(
  text: string,
  starts: readonly number[],
  lineAt: (n: number) => string,
  up: RegExp,
  down: RegExp,
): string {
  let out = text;
  let downFrom: number | null = null;
  for (let n = 0; n < starts.length; n++) {
    const line = lineAt(n);
    if (down.test(line)) {
      downFrom ??= starts[n]!;
    } else if (up.test(line) && downFrom !== null) {
      out = blank(out, downFrom, starts[n]!);
      downFrom = null;
    }
  }
  if (downFrom !== null) out = blank(out, downFrom, text.length);
  return out;
}

/** A version read from a migration file name (`V2_1__x.sql`, `0003_x.up.sql`, `20240101_x.sql`). */
function versionOf(fileName: string): number[] | null {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const flyway = /^[VR](\d+(?:[._]\d+)*)__/.exec(base);
  if (flyway) return flyway[1]!.split(/[._]/).map(Number);
  const numbered = /^(\d+)[_-]/.exec(base);
  return numbered ? [Number(numbered[1])] : null;
}

/**
 * The files in the order their tool applies them, when every name carries a version (Flyway
 * `V10__` after `V9__`, golang-migrate / dbmate / goose numbers and timestamps); otherwise the
 * order given.
 */
export function orderMigrationFiles<T extends { name: string }>(files: readonly T[]): T[] {
  const versions = files.map((f) => versionOf(f.name));
  if (files.length < 2 || versions.some((v) => v === null)) return [...files];
  const order = files.map((f, n) => ({ f, v: versions[n]!, n }));
  order.sort((a, b) => {
    for (let k = 0; k < Math.max(a.v.length, b.v.length); k++) {
      const d = (a.v[k] ?? 0) - (b.v[k] ?? 0);
      if (d !== 0) return d;
    }
    return a.n - b.n;
  });
  return order.map((o) => o.f);
}
