import type {
  ColumnInfo,
  EventSummary,
  IndexInfo,
  RoutineSummary,
  SchemaObjects,
  SchemaSummary,
  TableSummary,
  TriggerSummary,
  ViewSummary,
} from '../../shared/api/schema';

/** Something loaded on demand: under way, failed (with why), or there. */
export type Loadable<T> =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

export interface TableDetails {
  columns: ColumnInfo[];
  indexes: IndexInfo[];
}

/** What the tree has loaded so far. */
export interface TreeData {
  schemas: SchemaSummary[];
  objects: ReadonlyMap<string, Loadable<SchemaObjects>>;
  /** By detailsKey(schema, table). */
  details: ReadonlyMap<string, Loadable<TableDetails>>;
}

export type ObjectGroup = 'tables' | 'views' | 'routines' | 'triggers' | 'events';

export type TreeNode =
  | { kind: 'schema'; schema: SchemaSummary }
  | { kind: 'group'; schema: string; group: ObjectGroup; count: number }
  | { kind: 'table'; schema: string; table: TableSummary }
  | { kind: 'view'; schema: string; view: ViewSummary }
  | { kind: 'routine'; schema: string; routine: RoutineSummary }
  | { kind: 'trigger'; schema: string; trigger: TriggerSummary }
  | { kind: 'event'; schema: string; event: EventSummary }
  | { kind: 'indexes'; schema: string; table: string; count: number }
  | { kind: 'column'; schema: string; table: string; column: ColumnInfo }
  | { kind: 'index'; schema: string; table: string; index: IndexInfo }
  | { kind: 'status'; text: string; error: boolean };

/** One visible line of the tree. */
export interface TreeRow {
  key: string;
  /** 1 for schemas, one more per step down. */
  level: number;
  node: TreeNode;
  expandable: boolean;
  expanded: boolean;
  /** The row it is under (to go back up with the Left key). */
  parentKey: string | null;
}

const SEP = '\u0000';

/** The key of a node: its kind and names, which nothing else can share. */
export function nodeKey(...parts: string[]): string {
  return parts.join(SEP);
}

/** The key tables' details are kept under. */
export function detailsKey(schema: string, table: string): string {
  return nodeKey(schema, table);
}

/** Case-insensitive "contains"; an empty filter matches everything. */
export function matchesFilter(name: string, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return f === '' || name.toLowerCase().includes(f);
}

/**
 * The objects of a schema left by the filter: all of them when the schema's name matches (or
 * there is no filter), else those whose names match.
 */
export function filterObjects(objects: SchemaObjects, filter: string): SchemaObjects {
  if (matchesFilter(objects.schema, filter)) return objects;
  const keep = <T extends { name: string }>(list: T[]) =>
    list.filter((o) => matchesFilter(o.name, filter));
  return {
    schema: objects.schema,
    tables: keep(objects.tables),
    views: keep(objects.views),
    routines: keep(objects.routines),
    triggers: keep(objects.triggers),
    events: keep(objects.events),
  };
}

function objectCount(o: SchemaObjects): number {
  return o.tables.length + o.views.length + o.routines.length + o.triggers.length + o.events.length;
}

/**
 * The tree's visible rows, in order: schemas (the user's first, then the server's own), and under
 * each open node what it holds (a loading or error line while it is not there).
 *
 * Nodes open by default or not - the Tables group does, schemas, tables and other groups do
 * not - unless the user opened or closed them (`opened`, by key). A filter keeps schemas whose name
 * matches and schemas with objects that match - loaded ones, or `hits` (schemas known to hold a
 * matching table before their objects are loaded); those, and their groups, open by default to
 * show what matched.
 */
export function treeRows(
  data: TreeData,
  opened: ReadonlyMap<string, boolean>,
  filter: string,
  hits: ReadonlySet<string> = new Set(),
): TreeRow[] {
  const rows: TreeRow[] = [];
  const filtering = filter.trim() !== '';
  const push: Push = (key, level, node, parentKey, expandable, openByDefault) => {
    const open = expandable && (opened.get(key) ?? openByDefault);
    rows.push({ key, level, node, expandable, expanded: open, parentKey });
    return open;
  };
  const status = (parentKey: string, level: number, loadable: Loadable<unknown>) => {
    if (loadable.state === 'ready') return;
    const error = loadable.state === 'error';
    const text = error ? loadable.message : 'Loading…';
    push(
      nodeKey('status', parentKey),
      level,
      { kind: 'status', text, error },
      parentKey,
      false,
      false,
    );
  };

  const ordered = [
    ...data.schemas.filter((s) => !s.system),
    ...data.schemas.filter((s) => s.system),
  ];
  for (const schema of ordered) {
    const loaded = data.objects.get(schema.name);
    const nameMatches = matchesFilter(schema.name, filter);
    const shown = loaded?.state === 'ready' ? filterObjects(loaded.value, filter) : null;
    const objectsMatch =
      shown !== null ? objectCount(shown) > 0 : filtering && hits.has(schema.name);
    if (!nameMatches && !objectsMatch) continue;
    const sKey = nodeKey('schema', schema.name);
    const openByDefault = filtering && !nameMatches && objectsMatch;
    if (!push(sKey, 1, { kind: 'schema', schema }, null, true, openByDefault)) continue;
    if (!loaded || loaded.state !== 'ready' || !shown) {
      status(sKey, 2, loaded ?? { state: 'loading' });
      continue;
    }
    if (objectCount(shown) === 0) {
      const text = filtering ? 'Nothing matches the filter' : 'Empty schema';
      push(nodeKey('status', sKey), 2, { kind: 'status', text, error: false }, sKey, false, false);
      continue;
    }
    groupRows(shown, sKey, filtering, data, push, status);
  }
  return rows;
}

/** Adds a row; true when it is open (its children follow). */
type Push = (
  key: string,
  level: number,
  node: TreeNode,
  parentKey: string | null,
  expandable: boolean,
  openByDefault: boolean,
) => boolean;

function groupRows(
  shown: SchemaObjects,
  sKey: string,
  filtering: boolean,
  data: TreeData,
  push: Push,
  status: (parentKey: string, level: number, loadable: Loadable<unknown>) => void,
): void {
  const schema = shown.schema;
  const groups: Array<[ObjectGroup, number]> = [
    ['tables', shown.tables.length],
    ['views', shown.views.length],
    ['routines', shown.routines.length],
    ['triggers', shown.triggers.length],
    ['events', shown.events.length],
  ];
  for (const [group, count] of groups) {
    if (count === 0) continue;
    const gKey = nodeKey('group', schema, group);
    const openByDefault = filtering || group === 'tables';
    if (!push(gKey, 2, { kind: 'group', schema, group, count }, sKey, true, openByDefault))
      continue;
    if (group === 'tables' || group === 'views') {
      const list = group === 'tables' ? shown.tables : shown.views;
      for (const item of list) {
        const tKey = nodeKey('table', schema, item.name);
        const node: TreeNode =
          group === 'tables'
            ? { kind: 'table', schema, table: item as TableSummary }
            : { kind: 'view', schema, view: item as ViewSummary };
        if (!push(tKey, 3, node, gKey, true, false)) continue;
        const details = data.details.get(detailsKey(schema, item.name));
        if (!details || details.state !== 'ready') {
          status(tKey, 4, details ?? { state: 'loading' });
          continue;
        }
        for (const column of details.value.columns) {
          const cKey = nodeKey('column', schema, item.name, column.name);
          push(cKey, 4, { kind: 'column', schema, table: item.name, column }, tKey, false, false);
        }
        const indexes = details.value.indexes;
        if (indexes.length === 0) continue;
        const iKey = nodeKey('indexes', schema, item.name);
        const node2: TreeNode = {
          kind: 'indexes',
          schema,
          table: item.name,
          count: indexes.length,
        };
        if (!push(iKey, 4, node2, tKey, true, false)) continue;
        for (const index of indexes) {
          const xKey = nodeKey('index', schema, item.name, index.name);
          push(xKey, 5, { kind: 'index', schema, table: item.name, index }, iKey, false, false);
        }
      }
    } else if (group === 'routines') {
      for (const routine of shown.routines) {
        const key = nodeKey('routine', schema, routine.kind, routine.name);
        push(key, 3, { kind: 'routine', schema, routine }, gKey, false, false);
      }
    } else if (group === 'triggers') {
      for (const trigger of shown.triggers) {
        const node: TreeNode = { kind: 'trigger', schema, trigger };
        push(nodeKey('trigger', schema, trigger.name), 3, node, gKey, false, false);
      }
    } else {
      for (const event of shown.events) {
        const node: TreeNode = { kind: 'event', schema, event };
        push(nodeKey('event', schema, event.name), 3, node, gKey, false, false);
      }
    }
  }
}

/**
 * Each row's place among the rows under the same parent (1-based) and how many there are, for
 * `aria-posinset`/`aria-setsize`: a tree that draws only the rows in view still tells assistive
 * technology where a row sits.
 */
export function siblingPositions(
  rows: readonly TreeRow[],
): { posinset: number; setsize: number }[] {
  const counts = new Map<string | null, number>();
  const posinset = rows.map((r) => {
    const n = (counts.get(r.parentKey) ?? 0) + 1;
    counts.set(r.parentKey, n);
    return n;
  });
  return rows.map((r, i) => ({ posinset: posinset[i]!, setsize: counts.get(r.parentKey)! }));
}
