import { formatCount, formatExactCount } from '../../shared/format/count';
import type { ColumnInfo, IndexInfo } from '../../shared/api/schema';
import type { ServerFlavor } from '../../shared/server/flavor';
import { formatBytes } from '../grid/cell-text';
import type { ObjectGroup, TreeNode } from './tree-model';

/** A right-aligned figure of a row: short text, exact value on hover. */
export interface RowFigure {
  text: string;
  title: string;
}

/** What a row shows: its name, a muted note after it, figures on the right, a hover text. */
export interface RowText {
  label: string;
  note: string;
  figures: RowFigure[];
  title: string;
  /** A mark that must not be missed (an invisible index), with words, never colour alone. */
  flag: string | null;
}

const GROUP_NAMES: Record<ObjectGroup, string> = {
  tables: 'Tables',
  views: 'Views',
  routines: 'Routines',
  triggers: 'Triggers',
  events: 'Events',
};

/** How a tree node reads on screen. */
export function rowText(node: TreeNode, flavor: ServerFlavor): RowText {
  const plain = (label: string, note = '', title = label): RowText => ({
    label,
    note,
    figures: [],
    title,
    flag: null,
  });
  switch (node.kind) {
    case 'schema': {
      const s = node.schema;
      return plain(
        s.name,
        s.system ? 'system' : '',
        `${s.name} — ${s.defaultCharset} / ${s.defaultCollation}${s.system ? ' (system schema)' : ''}`,
      );
    }
    case 'group':
      return { ...plain(GROUP_NAMES[node.group]), figures: [countFigure(node.count, 'object')] };
    case 'table': {
      const t = node.table;
      const figures: RowFigure[] = [];
      if (t.rowEstimate !== null) {
        figures.push({
          text: formatCount(t.rowEstimate),
          title: `about ${formatExactCount(t.rowEstimate)} rows (the engine's estimate)`,
        });
      }
      if (t.dataBytes !== null || t.indexBytes !== null) {
        const data = t.dataBytes ?? 0;
        const index = t.indexBytes ?? 0;
        figures.push({
          text: formatBytes(data + index),
          title: `data ${formatExactCount(data)} bytes + indexes ${formatExactCount(index)} bytes`,
        });
      }
      const about = [t.type !== 'BASE TABLE' ? t.type : '', t.engine ?? '', t.comment]
        .filter((x) => x !== '')
        .join(' · ');
      return { ...plain(t.name, '', about ? `${t.name} — ${about}` : t.name), figures };
    }
    case 'view':
      return plain(
        node.view.name,
        '',
        node.view.comment && node.view.comment !== 'VIEW'
          ? `${node.view.name} — ${node.view.comment}`
          : `${node.view.name} (view)`,
      );
    case 'routine': {
      const r = node.routine;
      const note = r.kind === 'function' ? `→ ${r.returns ?? '?'}` : 'procedure';
      return plain(r.name, note, `${r.kind} ${r.name}${r.comment ? ` — ${r.comment}` : ''}`);
    }
    case 'trigger': {
      const t = node.trigger;
      const note = `${t.timing} ${t.event} on ${t.table}`;
      return plain(t.name, note, `trigger ${t.name}: ${note}`);
    }
    case 'event': {
      const e = node.event;
      const note = e.status.toLowerCase().replaceAll('_', ' ');
      return plain(
        e.name,
        note,
        `event ${e.name} (${e.type.toLowerCase()}, ${note})${e.comment ? ` — ${e.comment}` : ''}`,
      );
    }
    case 'indexes':
      return { ...plain('Indexes'), figures: [countFigure(node.count, 'index', 'indexes')] };
    case 'column': {
      const c = node.column;
      const key = c.key === 'PRI' ? 'PK' : c.key === 'UNI' ? 'UQ' : c.key === 'MUL' ? 'IX' : '';
      return {
        label: c.name,
        note: c.columnType,
        figures: key ? [{ text: key, title: KEY_TITLES[key] ?? key }] : [],
        title: `${c.name} ${c.definition ?? columnDetails(c)}`,
        flag: null,
      };
    }
    case 'index':
      return indexText(node.index, flavor);
    case 'status':
      return plain(node.text);
  }
}

/**
 * A column as information_schema describes it, for a view's columns (tables' show their
 * definition from SHOW CREATE TABLE instead).
 */
function columnDetails(c: ColumnInfo): string {
  return [
    c.columnType,
    c.nullable ? 'NULL' : 'NOT NULL',
    c.default !== null
      ? `DEFAULT ${c.defaultIsExpression ? c.default : JSON.stringify(c.default)}`
      : '',
    c.extra,
    c.comment ? `— ${c.comment}` : '',
  ]
    .filter((x) => x !== '')
    .join(' ');
}

const KEY_TITLES: Record<string, string> = {
  PK: 'part of the primary key',
  UQ: 'first column of a unique index',
  IX: 'first column of an index',
};

function countFigure(n: number, one: string, many = `${one}s`): RowFigure {
  return { text: formatCount(n), title: `${formatExactCount(n)} ${n === 1 ? one : many}` };
}

/** `name (a, b(10) DESC)`, UNIQUE, and INVISIBLE / IGNORED marked in words. */
function indexText(index: IndexInfo, flavor: ServerFlavor): RowText {
  const parts = index.parts
    .map((p) => {
      const base = p.column ?? `(${p.expression ?? '?'})`;
      return `${base}${p.subPart !== null ? `(${p.subPart})` : ''}${p.order === 'desc' ? ' DESC' : ''}`;
    })
    .join(', ');
  const hidden = index.visible === false ? (flavor === 'mariadb' ? 'IGNORED' : 'INVISIBLE') : null;
  const kind = [index.unique ? 'UNIQUE' : '', index.type].filter((x) => x !== '').join(' ');
  return {
    label: index.name,
    note: `(${parts})`,
    figures:
      index.name === 'PRIMARY'
        ? [{ text: 'PK', title: 'the primary key' }]
        : index.unique
          ? [{ text: 'UQ', title: 'unique' }]
          : [],
    title: `${kind} index ${index.name} (${parts})${hidden ? `, ${hidden}: the optimizer does not use it` : ''}${index.comment ? ` — ${index.comment}` : ''}`,
    flag: hidden,
  };
}
