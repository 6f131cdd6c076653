import { useEffect, useState } from 'react';
import type { StoreWriteStatus, WrittenStore } from '../../shared/api/store-writes';
import { api } from './api';
import { storeWriteSentence } from './store-write-words';
import { SeverityIcon } from '../ui/SeverityIcon';

type Failing = ReadonlyMap<WrittenStore, StoreWriteStatus>;

const failingOf = (statuses: readonly StoreWriteStatus[] | undefined): Failing =>
  new Map((statuses ?? []).filter((s) => s.state === 'failing').map((s) => [s.store, s]));

/**
 * Says at once, in the shell, which stores cannot write their changes (a full disk): from
 * `app.info` when the window opens, then from every `store.writeStatus` event. It goes away by
 * itself once everything is written again, so it cannot be dismissed while data is at stake.
 */
export function StoreWriteNotice({
  initial,
}: {
  /** `app.info`'s list; undefined until it is known. */
  initial: readonly StoreWriteStatus[] | undefined;
}) {
  const [failing, setFailing] = useState<Failing>(() => failingOf(initial));
  // A new `app.info` list replaces what the events said so far (set while rendering, as React
  // advises for state that follows a prop, instead of an effect that renders twice).
  const [shownInitial, setShownInitial] = useState(initial);
  if (shownInitial !== initial) {
    setShownInitial(initial);
    setFailing(failingOf(initial));
  }
  useEffect(
    () =>
      api.on('store.writeStatus', (status) =>
        setFailing((current) => {
          const next = new Map(current);
          if (status.state === 'failing') next.set(status.store, status);
          else next.delete(status.store);
          return next;
        }),
      ),
    [],
  );
  if (failing.size === 0) return null;
  return (
    <div className="banner banner-warning" role="alert" data-testid="store-write-failing">
      <SeverityIcon severity="warning" />
      <span className="banner-text">
        {[...failing.values()].map((s) => (
          <span key={s.store} className="banner-line" data-store={s.store}>
            {storeWriteSentence(s)}
          </span>
        ))}
      </span>
    </div>
  );
}
