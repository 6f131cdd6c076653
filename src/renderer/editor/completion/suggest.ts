import type { SqlFlavor } from '../../../shared/sql/lexer';
import type { CatalogueIndex, CatalogueTable } from './catalogue-index';
import { completionContext, type CompletionContext } from './completion-context';
import { functionNames } from './function-names';
import { identifierText } from './identifier-text';
import { KEYWORDS, STATEMENT_STARTS } from './sql-words';
import { statementRegion } from './statement-region';
import { tableReferences, type TableReference } from './table-references';

export type SuggestionKind =
  'schema' | 'table' | 'view' | 'column' | 'alias' | 'function' | 'keyword';

/** One completion item, independent of the editor that shows it. */
export interface Suggestion {
  label: string;
  kind: SuggestionKind;
  /** What replaces the typed part; for a snippet, `$0` marks where the cursor ends. */
  insertText: string;
  snippet: boolean;
  /** What the typed part is matched against (with the backtick when one was typed). */
  filterText: string;
  /** Orders the list: columns, aliases, tables, schemas, functions, keywords; each as given. */
  sortText: string;
  /** Shown beside the label: the column's type and table, the table's schema. */
  detail: string;
}

export interface SuggestInput {
  /** The editor's whole text. */
  text: string;
  cursor: number;
  flavor: SqlFlavor;
  /** Null while the catalogue is not loaded: keywords and functions only. */
  catalogue: CatalogueIndex | null;
  /** The session's current schema: its tables are offered without a qualifier. */
  currentSchema: string | null;
}

export interface SuggestResult {
  /** Offset in the text where the replaced part starts (the cursor when nothing is typed). */
  replaceFrom: number;
  items: Suggestion[];
  /**
   * Tables whose columns are wanted but were beyond the catalogue's limit: fetch them
   * (`schema.columns`), fill them in and ask again.
   */
  missingColumns: Array<{ schema: string; table: string }>;
}

/** Sort groups per context: what is most likely typed next comes first. */
const ORDER: Record<SuggestionKind, string> = {
  column: '1',
  alias: '2',
  table: '3',
  view: '3',
  schema: '4',
  function: '5',
  keyword: '6',
};

/**
 * What to offer at the cursor: the statement around it is read for its context (see
 * completionContext) and the tables it names (see tableReferences), and names come from the
 * catalogue. Pure: the editor maps the result to its own items.
 */
export function suggestCompletions(input: SuggestInput): SuggestResult {
  const { text, cursor, flavor, catalogue, currentSchema } = input;
  const region = statementRegion(text, cursor, flavor);
  const statement = text.slice(region.start, region.end);
  const context = completionContext(statement, cursor - region.start, flavor);
  const replaceFrom = region.start + context.replaceFrom;
  const out = new Collector(context);
  const missing = new Map<string, { schema: string; table: string }>();
  const addColumns = (t: CatalogueTable, qualifier: string) => {
    if (t.table.columns === null) {
      missing.set(`${t.schema}.${t.table.name}`, { schema: t.schema, table: t.table.name });
      return;
    }
    for (const c of t.table.columns) {
      out.name('column', c.name, `${c.type} · ${qualifier}`);
    }
  };

  switch (context.kind) {
    case 'none':
      break;
    case 'start':
      for (const k of KEYWORDS) if (STATEMENT_STARTS.has(k)) out.keyword(k);
      break;
    case 'keyword':
      for (const k of KEYWORDS) out.keyword(k);
      break;
    case 'schema':
      for (const s of catalogue?.catalogue.schemas ?? []) out.name('schema', s.name, 'schema');
      break;
    case 'table':
      if (catalogue) offerTables(out, catalogue, currentSchema);
      break;
    case 'member': {
      if (!catalogue) break;
      const refs = tableReferences(statement, flavor);
      const [first, second] = context.qualifier;
      if (second !== undefined) {
        const t = catalogue.table(first!, second);
        if (t) addColumns(t, t.table.name);
        break;
      }
      // `x.`: a table or alias of the statement, a table of the current schema, or a schema.
      const t = resolveReference(first!, refs, catalogue, currentSchema);
      if (t) addColumns(t, first!);
      const schema = catalogue.schema(first!);
      if (schema) {
        for (const table of schema.tables) {
          out.name(table.view ? 'view' : 'table', table.name, schema.name);
        }
      }
      break;
    }
    case 'column': {
      const refs = tableReferences(statement, flavor);
      if (catalogue) {
        for (const ref of refs) {
          const t = resolveTable(ref, catalogue, currentSchema);
          if (t) addColumns(t, ref.alias ?? ref.table);
        }
      }
      for (const ref of refs) {
        if (ref.alias !== null) out.name('alias', ref.alias, `alias of ${ref.table}`);
        else out.name('table', ref.table, ref.schema ?? 'table');
      }
      for (const f of functionNames(flavor)) out.function(f);
      for (const k of KEYWORDS) out.keyword(k);
      break;
    }
  }
  return { replaceFrom, items: out.items, missingColumns: [...missing.values()] };
}

/** After FROM: schemas, and tables - the current schema's bare, the others qualified. */
function offerTables(
  out: Collector,
  catalogue: CatalogueIndex,
  currentSchema: string | null,
): void {
  const current = currentSchema !== null ? catalogue.schema(currentSchema) : undefined;
  for (const s of catalogue.catalogue.schemas) out.name('schema', s.name, 'schema');
  if (current) {
    for (const t of current.tables) out.name(t.view ? 'view' : 'table', t.name, current.name);
    return;
  }
  // No current schema: every table of the user's schemas, written with its schema.
  for (const s of catalogue.catalogue.schemas) {
    if (s.system) continue;
    for (const t of s.tables) out.qualified(t.view ? 'view' : 'table', s.name, t.name);
  }
}

/** The table an alias or table name of the statement stands for. */
function resolveReference(
  name: string,
  refs: TableReference[],
  catalogue: CatalogueIndex,
  currentSchema: string | null,
): CatalogueTable | undefined {
  const lower = name.toLowerCase();
  const ref =
    refs.find((r) => r.alias !== null && r.alias.toLowerCase() === lower) ??
    refs.find((r) => r.alias === null && r.table.toLowerCase() === lower);
  if (ref) return resolveTable(ref, catalogue, currentSchema);
  return catalogue.resolve(name, currentSchema);
}

function resolveTable(
  ref: TableReference,
  catalogue: CatalogueIndex,
  currentSchema: string | null,
): CatalogueTable | undefined {
  return ref.schema !== null
    ? catalogue.table(ref.schema, ref.table)
    : catalogue.resolve(ref.table, currentSchema);
}

/** Gathers items once each, written as the context wants (quoted when a backtick was typed). */
class Collector {
  readonly items: Suggestion[] = [];
  readonly #seen = new Set<string>();
  readonly #context: CompletionContext;

  constructor(context: CompletionContext) {
    this.#context = context;
  }

  /** A schema, table, column or alias name. */
  name(kind: SuggestionKind, name: string, detail: string): void {
    const quoted = this.#context.quoted;
    this.#add({
      label: name,
      kind,
      insertText: identifierText(name, quoted),
      snippet: false,
      filterText: quoted ? '`' + name : name,
      sortText: this.#rank(kind),
      detail,
    });
  }

  /** A table written with its schema, for when there is no current schema. */
  qualified(kind: SuggestionKind, schema: string, name: string): void {
    if (this.#context.quoted) return this.name(kind, name, schema);
    this.#add({
      label: name,
      kind,
      insertText: `${identifierText(schema)}.${identifierText(name)}`,
      snippet: false,
      filterText: name,
      sortText: this.#rank(kind),
      detail: schema,
    });
  }

  function(name: string): void {
    if (this.#context.quoted) return;
    this.#add({
      label: name,
      kind: 'function',
      insertText: `${name}($0)`,
      snippet: true,
      filterText: name,
      sortText: this.#rank('function'),
      detail: 'function',
    });
  }

  keyword(word: string): void {
    if (this.#context.quoted) return;
    this.#add({
      label: word,
      kind: 'keyword',
      insertText: word,
      snippet: false,
      filterText: word,
      sortText: this.#rank('keyword'),
      detail: 'keyword',
    });
  }

  /** Kinds in ORDER, and within a kind the order items came in (columns as in their table). */
  #rank(kind: SuggestionKind): string {
    return ORDER[kind] + String(this.items.length).padStart(6, '0');
  }

  #add(s: Suggestion): void {
    const key = `${s.kind}\u0000${s.insertText}\u0000${s.detail}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.items.push(s);
  }
}
