import { useState } from 'react';
import { formOperationSql, type FormOperation } from '../../shared/alter/alter-form';
import { Field } from '../ui/Field';

type Kind =
  | 'add-column'
  | 'drop-column'
  | 'rename-column'
  | 'modify-column'
  | 'add-index'
  | 'drop-index'
  | 'force';

const KINDS: Array<[Kind, string]> = [
  ['add-column', 'Add column'],
  ['drop-column', 'Drop column'],
  ['rename-column', 'Rename column'],
  ['modify-column', 'Change column type'],
  ['add-index', 'Add index'],
  ['drop-index', 'Drop index'],
  ['force', 'Rebuild (FORCE)'],
];

/**
 * Builds one change from a few fields and hands its SQL to the statement being edited;
 * everything else is typed in the statement itself.
 */
export function AlterForm({ onAdd }: { onAdd: (clauseSql: string) => void }) {
  const [kind, setKind] = useState<Kind>('add-column');
  const [name, setName] = useState('');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const detailLabel: Partial<Record<Kind, string>> = {
    'add-column': 'Type and options (e.g. VARCHAR(40) NULL)',
    'rename-column': 'New name',
    'modify-column': 'Full new definition (e.g. BIGINT NOT NULL)',
    'add-index': 'Columns, comma-separated',
  };

  const add = () => {
    let op: FormOperation;
    switch (kind) {
      case 'add-column':
        op = { kind, name, definition: detail };
        break;
      case 'drop-column':
      case 'drop-index':
        op = { kind, name };
        break;
      case 'rename-column':
        op = { kind, name, newName: detail };
        break;
      case 'modify-column':
        op = { kind, name, definition: detail };
        break;
      case 'add-index':
        op = {
          kind,
          name,
          columns: detail
            .split(',')
            .map((c) => c.trim())
            .filter((c) => c !== ''),
        };
        break;
      case 'force':
        op = { kind };
        break;
    }
    try {
      onAdd(formOperationSql(op));
      setError(null);
      setName('');
      setDetail('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <fieldset className="alt-form" aria-label="Build a change">
      <legend>Or build a change</legend>
      <label className="field">
        <span>Change</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} aria-label="Change">
          {KINDS.map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {kind !== 'force' && (
        <Field label={kind.endsWith('index') ? 'Index name' : 'Column'}>
          {(control) => (
            <input {...control} value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
      )}
      {detailLabel[kind] && (
        <Field label={detailLabel[kind]}>
          {(control) => (
            <input {...control} value={detail} onChange={(e) => setDetail(e.target.value)} />
          )}
        </Field>
      )}
      <button type="button" onClick={add}>
        Add to statement
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
