import { asBoolean, asString, readUiState, writeUiState } from '../data/ui-state';

/**
 * What the schema tree remembers (folded away or not; the filter typed, per connection), kept in
 * the UI state store. The old localStorage keys move in on first read.
 */
const FOLDED = 'schema-tree.folded';
const LEGACY_FOLDED = 'sightline.schema-tree.collapsed';
const filterName = (connectionId: string) => `schema-tree.filter.${connectionId}`;
const legacyFilterKey = (connectionId: string) => `sightline.schema-tree.filter.${connectionId}`;

/** The old key held '1' (folded) or '0'. */
const asFolded = (v: unknown): boolean | undefined =>
  v === '1' ? true : v === '0' ? false : asBoolean(v);

export function loadTreeFolded(): boolean {
  return readUiState(FOLDED, asFolded, LEGACY_FOLDED, 'text') ?? false;
}

export function saveTreeFolded(folded: boolean): void {
  writeUiState(FOLDED, folded);
}

export function loadTreeFilter(connectionId: string): string {
  return (
    readUiState(filterName(connectionId), asString, legacyFilterKey(connectionId), 'text') ?? ''
  );
}

/** An empty filter is forgotten rather than kept. */
export function saveTreeFilter(connectionId: string, filter: string): void {
  writeUiState(filterName(connectionId), filter === '' ? undefined : filter);
}
