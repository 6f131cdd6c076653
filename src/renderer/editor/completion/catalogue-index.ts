import type { CompletionCatalogue, CompletionTable } from '../../../shared/api/schema';

/** A table of the catalogue with the schema it is in. */
export interface CatalogueTable {
  schema: string;
  table: CompletionTable;
}

/**
 * Looks names up in a completion catalogue the way users type them: exact case first, then any
 * case (table names are case-sensitive on most Linux servers, but nobody types them so).
 */
export class CatalogueIndex {
  readonly catalogue: CompletionCatalogue;
  readonly #schemas = new Map<string, CompletionCatalogue['schemas'][number]>();
  readonly #schemasLower = new Map<string, CompletionCatalogue['schemas'][number]>();
  readonly #tables = new Map<string, Map<string, CompletionTable>>();

  constructor(catalogue: CompletionCatalogue) {
    this.catalogue = catalogue;
    for (const s of catalogue.schemas) {
      this.#schemas.set(s.name, s);
      if (!this.#schemasLower.has(s.name.toLowerCase())) {
        this.#schemasLower.set(s.name.toLowerCase(), s);
      }
      this.#tables.set(s.name, new Map(s.tables.map((t) => [t.name, t])));
    }
  }

  /** The schema called `name`. */
  schema(name: string): CompletionCatalogue['schemas'][number] | undefined {
    return this.#schemas.get(name) ?? this.#schemasLower.get(name.toLowerCase());
  }

  /** Table `name` of schema `schema`. */
  table(schema: string, name: string): CatalogueTable | undefined {
    const s = this.schema(schema);
    if (!s) return undefined;
    const tables = this.#tables.get(s.name);
    const found =
      tables?.get(name) ?? s.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
    return found ? { schema: s.name, table: found } : undefined;
  }

  /**
   * The table an unqualified name means: in the current schema if it is there, else the one
   * table of that name anywhere (none when several schemas have one).
   */
  resolve(name: string, currentSchema: string | null): CatalogueTable | undefined {
    if (currentSchema !== null) {
      const here = this.table(currentSchema, name);
      if (here) return here;
    }
    const everywhere = this.catalogue.schemas
      .map((s) => this.table(s.name, name))
      .filter((t): t is CatalogueTable => t !== undefined);
    return everywhere.length === 1 ? everywhere[0] : undefined;
  }
}
