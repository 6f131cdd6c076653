import type { SqlFlavor } from '../sql/lexer';
import { tokenize } from '../sql/lexer';
import { splitStatements } from '../sql/split-statements';
import type { LintRuleId } from './lint-rules';
import { severityRank, type FindingSeverity } from '../severity';
import { uniqueKeyColumns, uniqueKeyId } from './change-findings';
import type { LiveTableFacts } from './lint-finding';
import { lintSchemaStatement, type LintPlan } from './lint-statement';
import type { LintTarget } from './lint-target';
import { lintableText, type MigrationLayout } from './migration-layout';
import {
  applySchemaStatement,
  nameKey,
  readSchemaStatement,
  type SchemaModel,
  type SchemaStatement,
} from './schema-model';

/** The table a statement changes first, if any. */
function tableOf(statement: SchemaStatement): string | null {
  switch (statement.kind) {
    case 'alter-table':
      return statement.alter.table;
    case 'create-table':
      return statement.table.name;
    case 'drop-table':
      return statement.tables[0] ?? null;
    case 'rename-table':
      return statement.renames[0]?.from ?? null;
    default:
      return null;
  }
}

/** One migration file to lint. */
export interface MigrationFile {
  /** As given on the command line (`-` for standard input is shown as given). */
  name: string;
  text: string;
}

/** A finding placed in its file. */
export interface PlacedFinding {
  rule: LintRuleId;
  severity: FindingSeverity;
  message: string;
  fix: string | null;
  file: string;
  line: number;
  column: number;
}

/** One statement of the migration that changes a table, with its plan and findings. */
export interface LintedStatement {
  file: string;
  line: number;
  column: number;
  /** The statement's first line, for the report. */
  head: string;
  /** What it does (`alter-table`, `create-table`, `drop-table`, `rename-table`, ...). */
  kind: string;
  table: string | null;
  plan: LintPlan | null;
  findings: PlacedFinding[];
}

/** Input the lint cannot read: where and why. */
export interface LintInputError {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface LintReport {
  target: string;
  files: { name: string; layout: MigrationLayout; statements: number }[];
  /** Statements that change the schema (others are read and skipped). */
  statements: LintedStatement[];
  errors: LintInputError[];
}

export interface LintMigrationOptions {
  target: LintTarget;
  /** The schema before the first file (changed in place as the files are applied). */
  schema: SchemaModel;
  /** Live facts of tables that exist before the migration, by lower-case name. */
  live?: ReadonlyMap<string, LiveTableFacts>;
}

/** 1-based line and column of offsets in one text, by binary search over line starts. */
export class TextPositions {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1))
      this.starts.push(i + 1);
  }

  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

/**
 * Lints migration files in order: each statement is read, linted against the table as the
 * statements before it left it, then applied to the schema model. Statements that the lint
 * cannot read, and text that ends inside a string or comment, are input errors.
 */
export function lintMigration(
  files: readonly MigrationFile[],
  options: LintMigrationOptions,
): LintReport {
  const { target, schema } = options;
  const flavor: SqlFlavor = target.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const created = new Set<string>();
  const live = new Map<string, LiveTableFacts>(options.live ?? []);
  const report: LintReport = { target: target.label, files: [], statements: [], errors: [] };
  for (const file of files) {
    const { layout, text } = lintableText(file.name, file.text);
    const statements = text === '' ? [] : splitStatements(text, { flavor });
    report.files.push({ name: file.name, layout, statements: statements.length });
    const positions = new TextPositions(text);
    const last = statements.at(-1);
    if (last) {
      const open = tokenize(last.text, { flavor }).find((t) => t.unterminated);
      if (open) {
        const where = positions.at(last.start + open.start);
        const what =
          last.text[open.start] === '/'
            ? 'comment'
            : last.text[open.start] === '`'
              ? 'quoted name'
              : 'string';
        report.errors.push({
          file: file.name,
          ...where,
          message: `unterminated ${what}: the file ends inside it`,
        });
      }
    }
    for (const statement of statements) {
      const key = (name: string) => nameKey(name);
      const readResult = readSchemaStatement(statement.text, flavor);
      if (!readResult.ok) {
        const where = positions.at(statement.start + readResult.offset);
        report.errors.push({ file: file.name, ...where, message: readResult.error });
        continue;
      }
      const read = readResult.statement;
      if (
        read.kind === 'other' ||
        read.kind === 'create-view' ||
        read.kind === 'drop-view' ||
        read.kind === 'create-trigger' ||
        read.kind === 'drop-trigger'
      ) {
        applySchemaStatement(schema, read, flavor);
        continue;
      }
      const tableName = tableOf(read);
      const tableKey = tableName !== null ? key(tableName) : null;
      const isNew = tableKey !== null && created.has(tableKey);
      const result = lintSchemaStatement(
        statement.text,
        read,
        tableKey !== null ? (schema.tables.get(tableKey) ?? null) : null,
        target,
        {
          schema,
          newTable: isNew,
          ...(tableKey !== null && !isNew && live.has(tableKey)
            ? { live: live.get(tableKey)! }
            : {}),
        },
      );
      const findings = result.findings.map((f): PlacedFinding => ({
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        fix: f.fix,
        file: file.name,
        ...positions.at(statement.start + f.offset),
      }));
      report.statements.push({
        file: file.name,
        line: statement.line,
        column: statement.column,
        head: statement.text.split('\n', 1)[0]!.slice(0, 120),
        kind: read.kind,
        table: result.table,
        plan: result.plan,
        findings,
      });
      // Follow the live facts through the migration: instant column changes use a row version.
      if (tableKey !== null && result.plan && live.has(tableKey)) {
        const facts = live.get(tableKey)!;
        if (facts.rowVersions !== undefined && facts.rowVersions !== null) {
          const columnChange =
            read.kind === 'alter-table' &&
            read.alter.operations.some((o) => o.kind === 'add-column' || o.kind === 'drop-column');
          const rowVersions = result.plan.rebuild
            ? 0
            : columnChange && result.plan.algorithm === 'instant'
              ? facts.rowVersions + 1
              : facts.rowVersions;
          live.set(tableKey, { ...facts, rowVersions });
        }
      }
      applySchemaStatement(schema, read, flavor);
      if (read.kind === 'create-table') created.add(key(read.table.name));
      if (read.kind === 'drop-table') for (const t of read.tables) created.delete(key(t));
      if (read.kind === 'rename-table') {
        for (const { from, to } of read.renames) {
          if (created.delete(key(from))) created.add(key(to));
          const facts = live.get(key(from));
          if (facts) {
            live.delete(key(from));
            live.set(key(to), facts);
          }
        }
      }
      if (read.kind === 'alter-table') {
        const renamed = read.alter.operations.find((o) => o.kind === 'rename-table')?.newName;
        if (renamed && tableKey !== null) {
          if (created.delete(tableKey)) created.add(key(renamed));
          const facts = live.get(tableKey);
          if (facts) {
            live.delete(tableKey);
            live.set(key(renamed), facts);
          }
        }
      }
    }
  }
  return report;
}

/** Every finding of a report, in file order. */
export function reportFindings(report: LintReport): PlacedFinding[] {
  return report.statements.flatMap((s) => s.findings);
}

/** Whether any finding is at or above `threshold`. */
export function failsAt(report: LintReport, threshold: FindingSeverity): boolean {
  return reportFindings(report).some((f) => severityRank(f.severity) >= severityRank(threshold));
}

/** What to ask a live server before linting: the tables changed, the unique keys added. */
export interface LiveQuestions {
  /** Lower-case names of existing tables that the migration alters, renames or drops. */
  tables: string[];
  /** Unique keys added to existing tables, to check for duplicate values. */
  uniqueKeys: { table: string; columns: string[] }[];
}

/**
 * The live facts worth reading for these files: tables of the schema (as it stands before the
 * migration) that statements change, and the unique keys added to them.
 */
export function liveQuestions(
  files: readonly MigrationFile[],
  target: LintTarget,
  schema: SchemaModel,
): LiveQuestions {
  const flavor: SqlFlavor = target.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const tables = new Set<string>();
  const uniqueKeys = new Map<string, { table: string; columns: string[] }>();
  for (const file of files) {
    const { text } = lintableText(file.name, file.text);
    for (const statement of text === '' ? [] : splitStatements(text, { flavor })) {
      const read = readSchemaStatement(statement.text, flavor);
      if (!read.ok) continue;
      const table = tableOf(read.statement);
      if (table === null || read.statement.kind === 'create-table') continue;
      if (!schema.tables.has(nameKey(table))) continue;
      tables.add(nameKey(table));
      if (read.statement.kind !== 'alter-table') continue;
      for (const op of read.statement.alter.operations) {
        if (op.kind !== 'add-unique-index' && op.kind !== 'add-primary-key') continue;
        const columns = uniqueKeyColumns(op);
        if (columns.length > 0) uniqueKeys.set(uniqueKeyId(table, columns), { table, columns });
      }
    }
  }
  return { tables: [...tables], uniqueKeys: [...uniqueKeys.values()] };
}
