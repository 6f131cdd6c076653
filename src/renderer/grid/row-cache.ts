import type { Cell } from '../../shared/api/query';

export const PAGE_SIZE = 500;

/**
 * The rows of one result the grid has pulled from the backend, by page: the grid asks for the
 * pages it displays, each fetched once; rows not yet here read as `undefined` (drawn as loading).
 */
export class RowCache {
  readonly #pages = new Map<number, Cell[][]>();
  readonly #pending = new Map<number, Promise<void>>();

  constructor(
    private readonly fetchPage: (offset: number, limit: number) => Promise<Cell[][]>,
    private readonly onLoaded: (firstRow: number, count: number) => void,
  ) {}

  /** The row if it is here; starts fetching its page if not. */
  row(index: number): Cell[] | undefined {
    const page = Math.floor(index / PAGE_SIZE);
    const rows = this.#pages.get(page);
    if (rows) return rows[index - page * PAGE_SIZE];
    this.ensure(index, index + 1);
    return undefined;
  }

  /** Fetches every page touching rows `from ..< to` that is not here yet. */
  ensure(from: number, to: number): void {
    void this.load(from, to);
  }

  /**
   * Fetches every page touching rows `from ..< to` that is not here yet, and resolves once all
   * of them are here (a page that failed stays missing), for work that needs the rows - a sort,
   * a copy.
   */
  async load(from: number, to: number): Promise<void> {
    const first = Math.floor(from / PAGE_SIZE);
    const last = Math.floor(Math.max(from, to - 1) / PAGE_SIZE);
    const waits: Array<Promise<void>> = [];
    for (let page = first; page <= last && from < to; page++) {
      if (this.#pages.has(page)) continue;
      let pending = this.#pending.get(page);
      if (!pending) {
        pending = this.fetchPage(page * PAGE_SIZE, PAGE_SIZE).then(
          (rows) => {
            this.#pending.delete(page);
            this.#pages.set(page, rows);
            this.onLoaded(page * PAGE_SIZE, rows.length);
          },
          () => {
            this.#pending.delete(page);
          },
        );
        this.#pending.set(page, pending);
      }
      waits.push(pending);
    }
    await Promise.all(waits);
  }

  /** True when row `index` is here. */
  has(index: number): boolean {
    const page = this.#pages.get(Math.floor(index / PAGE_SIZE));
    return page !== undefined && index - Math.floor(index / PAGE_SIZE) * PAGE_SIZE < page.length;
  }

  /** Forgets a page that was fetched while rows were still arriving, so it is fetched again. */
  invalidateFrom(rowIndex: number): void {
    const page = Math.floor(rowIndex / PAGE_SIZE);
    this.#pages.delete(page);
  }

  /** Every row here, in order, for copying: only pages fully fetched. */
  loadedRows(from: number, to: number): Array<Cell[] | undefined> {
    const out: Array<Cell[] | undefined> = [];
    for (let i = from; i < to; i++) {
      const page = this.#pages.get(Math.floor(i / PAGE_SIZE));
      out.push(page?.[i - Math.floor(i / PAGE_SIZE) * PAGE_SIZE]);
    }
    return out;
  }
}
