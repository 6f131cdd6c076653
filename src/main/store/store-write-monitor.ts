import type { StoreWriteStatus, WrittenStore } from '../../shared/api/store-writes';

export type StoreWriteFailure = Omit<StoreWriteStatus, 'state'>;

/**
 * Which stores could not write their latest changes, for every screen: the backend sends each
 * change to all of them at once (`store.writeStatus`) and `app.info` lists the stores still
 * failing, so a screen opened later says it too.
 */
export class StoreWriteMonitor {
  readonly #failing = new Map<WrittenStore, StoreWriteStatus>();
  readonly #listeners = new Set<(status: StoreWriteStatus) => void>();

  /** A write of `store` failed; what it could not write is kept in memory and retried. */
  failed(failure: StoreWriteFailure): void {
    const status: StoreWriteStatus = { ...failure, state: 'failing' };
    // Once per run of failures in the log: a full disk would otherwise log every statement.
    if (!this.#failing.has(failure.store)) {
      console.error(`[store] ${failure.store}: could not write ${failure.path}: ${failure.error}`);
    }
    this.#failing.set(failure.store, status);
    this.#notify(status);
  }

  /** Everything `store` had to write is in its file again. */
  recovered(store: WrittenStore, path: string): void {
    if (!this.#failing.delete(store)) return;
    console.error(`[store] ${store}: ${path} is written again`);
    this.#notify({ store, state: 'ok', path, errorCode: null, error: null, unsaved: 0 });
  }

  /** The stores failing now. */
  get failing(): StoreWriteStatus[] {
    return [...this.#failing.values()];
  }

  onChange(listener: (status: StoreWriteStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #notify(status: StoreWriteStatus): void {
    for (const listener of this.#listeners) {
      try {
        listener(status);
      } catch (e) {
        console.error('[store] a write status listener failed:', e);
      }
    }
  }
}
