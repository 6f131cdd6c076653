import { qualifiedName, quoteIdentifier } from '../sql/quote-identifier';

/**
 * One operation as the wizard's form builds it. Column definitions and default values are SQL
 * as the user types them (`VARCHAR(40) NOT NULL`, `'none'`, `CURRENT_TIMESTAMP`); names are
 * plain and get quoted here.
 */
export type FormOperation =
  | { kind: 'add-column'; name: string; definition: string; after?: string | null; first?: boolean }
  | { kind: 'drop-column'; name: string }
  | { kind: 'rename-column'; name: string; newName: string }
  | { kind: 'modify-column'; name: string; definition: string }
  | { kind: 'set-default'; name: string; value: string }
  | { kind: 'drop-default'; name: string }
  | { kind: 'add-index'; name: string; columns: string[]; unique?: boolean }
  | { kind: 'drop-index'; name: string }
  | {
      kind: 'add-foreign-key';
      name: string;
      columns: string[];
      refTable: string;
      refColumns: string[];
    }
  | { kind: 'drop-foreign-key'; name: string }
  | { kind: 'rename-table'; newName: string }
  | { kind: 'engine'; value: string }
  | { kind: 'row-format'; value: string }
  | { kind: 'convert-charset'; charset: string; collation?: string | null }
  | { kind: 'force' };

const WORD = /^[A-Za-z0-9_]+$/;

function word(value: string, what: string): string {
  if (!WORD.test(value)) throw new Error(`${what} must be one word (letters, digits, _)`);
  return value;
}

function columnList(columns: readonly string[]): string {
  if (columns.length === 0) throw new Error('an index needs at least one column');
  return `(${columns.map(quoteIdentifier).join(', ')})`;
}

/** The SQL of one form operation. Throws with a plain message on an empty or bad field. */
export function formOperationSql(op: FormOperation): string {
  switch (op.kind) {
    case 'add-column': {
      const position = op.first ? ' FIRST' : op.after ? ` AFTER ${quoteIdentifier(op.after)}` : '';
      if (op.definition.trim() === '') throw new Error('the new column needs a type');
      return `ADD COLUMN ${quoteIdentifier(op.name)} ${op.definition.trim()}${position}`;
    }
    case 'drop-column':
      return `DROP COLUMN ${quoteIdentifier(op.name)}`;
    case 'rename-column':
      return `RENAME COLUMN ${quoteIdentifier(op.name)} TO ${quoteIdentifier(op.newName)}`;
    case 'modify-column':
      if (op.definition.trim() === '') throw new Error('the column needs its full new definition');
      return `MODIFY COLUMN ${quoteIdentifier(op.name)} ${op.definition.trim()}`;
    case 'set-default':
      if (op.value.trim() === '') throw new Error('the default needs a value');
      return `ALTER COLUMN ${quoteIdentifier(op.name)} SET DEFAULT ${op.value.trim()}`;
    case 'drop-default':
      return `ALTER COLUMN ${quoteIdentifier(op.name)} DROP DEFAULT`;
    case 'add-index':
      return `ADD ${op.unique ? 'UNIQUE ' : ''}INDEX ${quoteIdentifier(op.name)} ${columnList(op.columns)}`;
    case 'drop-index':
      return `DROP INDEX ${quoteIdentifier(op.name)}`;
    case 'add-foreign-key':
      return `ADD CONSTRAINT ${quoteIdentifier(op.name)} FOREIGN KEY ${columnList(op.columns)} REFERENCES ${quoteIdentifier(op.refTable)} ${columnList(op.refColumns)}`;
    case 'drop-foreign-key':
      return `DROP FOREIGN KEY ${quoteIdentifier(op.name)}`;
    case 'rename-table':
      return `RENAME TO ${quoteIdentifier(op.newName)}`;
    case 'engine':
      return `ENGINE=${word(op.value, 'the engine')}`;
    case 'row-format':
      return `ROW_FORMAT=${word(op.value, 'the row format')}`;
    case 'convert-charset':
      return `CONVERT TO CHARACTER SET ${word(op.charset, 'the character set')}${
        op.collation ? ` COLLATE ${word(op.collation, 'the collation')}` : ''
      }`;
    case 'force':
      return 'FORCE';
  }
}

/** `ALTER TABLE `s`.`t` op1, op2` from the form's operations. */
export function buildAlterStatement(
  schema: string,
  table: string,
  operations: readonly FormOperation[],
): string {
  if (operations.length === 0) throw new Error('add at least one change');
  return `ALTER TABLE ${qualifiedName(schema, table)} ${operations.map(formOperationSql).join(', ')}`;
}
