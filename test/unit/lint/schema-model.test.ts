import { describe, expect, it } from 'vitest';
import {
  applySchemaStatement,
  foreignKeysInto,
  loadSchemaDump,
  readSchemaStatement,
  type SchemaModel,
} from '../../../src/shared/lint';

function apply(schema: SchemaModel, sql: string): void {
  const read = readSchemaStatement(sql, 'mysql');
  if (!read.ok) throw new Error(read.error);
  applySchemaStatement(schema, read.statement, 'mysql');
}

const BASE = `
CREATE TABLE parent (id INT PRIMARY KEY, code VARCHAR(10) NOT NULL, UNIQUE KEY code (code)) DEFAULT CHARSET=utf8mb4;
CREATE TABLE child (
  id INT PRIMARY KEY, parent_id INT NOT NULL, label VARCHAR(50), extra INT,
  KEY parent_id (parent_id, label),
  CONSTRAINT fk_parent FOREIGN KEY (parent_id) REFERENCES parent (id)
) DEFAULT CHARSET=utf8mb4;
`;

describe('schema model updates', () => {
  it('follows ADD/DROP/RENAME/CHANGE COLUMN into columns, indexes and foreign keys', () => {
    const { schema } = loadSchemaDump(BASE, 'mysql');
    const before = schema.tables.get('child')!;
    apply(schema, 'ALTER TABLE child ADD COLUMN note TEXT NOT NULL, DROP COLUMN extra');
    apply(schema, 'ALTER TABLE child RENAME COLUMN parent_id TO owner_id');
    apply(schema, 'ALTER TABLE child CHANGE label title VARCHAR(80) NOT NULL DEFAULT ""');
    const child = schema.tables.get('child')!;
    expect(child.columns.map((c) => `${c.name} ${c.type}${c.nullable ? '' : ' not null'}`)).toEqual(
      [
        'id int not null',
        'owner_id int not null',
        'title varchar(80) not null',
        'note text not null',
      ],
    );
    expect(child.columns.find((c) => c.name === 'note')?.charset).toBe('utf8mb4');
    expect(child.indexes.find((i) => i.name === 'parent_id')?.columns).toEqual([
      'owner_id',
      'title',
    ]);
    expect(child.foreignKeys[0]?.columns).toEqual(['owner_id']);
    // Earlier models are left as they were.
    expect(before.columns.map((c) => c.name)).toEqual(['id', 'parent_id', 'label', 'extra']);
  });

  it('drops a column out of its indexes, and an index left without columns', () => {
    const { schema } = loadSchemaDump(BASE, 'mysql');
    apply(schema, 'ALTER TABLE parent DROP COLUMN code');
    expect(schema.tables.get('parent')!.indexes.map((i) => i.name)).toEqual(['PRIMARY']);
    apply(schema, 'ALTER TABLE child DROP COLUMN label');
    expect(
      schema.tables.get('child')!.indexes.find((i) => i.name === 'parent_id')?.columns,
    ).toEqual(['parent_id']);
  });

  it('follows indexes and keys: CREATE/DROP INDEX, RENAME INDEX, primary keys, foreign keys', () => {
    const { schema } = loadSchemaDump(BASE, 'mysql');
    apply(
      schema,
      'CREATE UNIQUE INDEX label_u ON child (label(10), id) ALGORITHM=INPLACE LOCK=NONE',
    );
    apply(
      schema,
      'ALTER TABLE child RENAME INDEX parent_id TO by_parent, DROP PRIMARY KEY, ADD PRIMARY KEY (id, parent_id)',
    );
    apply(schema, 'DROP INDEX label_u ON child');
    apply(
      schema,
      'ALTER TABLE child DROP FOREIGN KEY fk_parent, ADD CONSTRAINT fk2 FOREIGN KEY (extra) REFERENCES parent (id)',
    );
    const child = schema.tables.get('child')!;
    expect(child.indexes.map((i) => `${i.kind} ${i.name} (${i.columns.join(',')})`)).toEqual([
      'index by_parent (parent_id,label)',
      'primary PRIMARY (id,parent_id)',
      'index fk2 (extra)',
    ]);
    expect(child.foreignKeys.map((f) => f.name)).toEqual(['fk2']);
    expect(foreignKeysInto(schema, 'parent').map((f) => `${f.from}.${f.name}`)).toEqual([
      'child.fk2',
    ]);
  });

  it('follows tables: RENAME TABLE, ALTER ... RENAME, LIKE without foreign keys, DROP, CONVERT TO', () => {
    const { schema } = loadSchemaDump(BASE, 'mysql');
    expect(foreignKeysInto(schema, 'parent').map((f) => f.name)).toEqual(['fk_parent']);
    apply(schema, 'CREATE TABLE child_copy LIKE child');
    expect(schema.tables.get('child_copy')).toMatchObject({ name: 'child_copy', foreignKeys: [] });
    apply(schema, 'RENAME TABLE child TO kid, child_copy TO kid_copy');
    apply(schema, 'ALTER TABLE kid RENAME TO young');
    expect([...schema.tables.keys()].sort()).toEqual(['kid_copy', 'parent', 'young']);
    expect(foreignKeysInto(schema, 'parent').map((f) => `${f.from}.${f.name}`)).toEqual([
      'young.fk_parent',
    ]);
    apply(schema, 'ALTER TABLE parent CONVERT TO CHARACTER SET latin1');
    expect(schema.tables.get('parent')!.columns.find((c) => c.name === 'code')?.charset).toBe(
      'latin1',
    );
    apply(schema, 'DROP TABLE IF EXISTS young, kid_copy');
    expect([...schema.tables.keys()]).toEqual(['parent']);
    expect(foreignKeysInto(schema, 'parent')).toEqual([]);
  });

  it('keeps an ALTER of an unknown table out of the model, and leaves other statements alone', () => {
    const { schema } = loadSchemaDump(BASE, 'mysql');
    apply(schema, 'ALTER TABLE ghost ADD COLUMN a INT');
    apply(schema, "INSERT INTO parent VALUES (1, 'x')");
    apply(schema, 'ALTER VIEW v AS SELECT 1');
    expect([...schema.tables.keys()]).toEqual(['parent', 'child']);
  });
});
