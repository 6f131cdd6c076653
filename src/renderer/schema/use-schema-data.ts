import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import type { SchemaObjects, SchemaSummary } from '../../shared/api/schema';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { detailsKey, type Loadable, type TableDetails, type TreeData } from './tree-model';
import { useLatest } from '../ui/use-latest';

export interface SchemaData {
  data: TreeData;
  /** The schema list itself: loading, failed or there. */
  schemas: Loadable<SchemaSummary[]>;
  /** Loads a schema's objects unless they are loaded or loading. */
  loadObjects(schema: string): void;
  /** Loads a table's columns and indexes unless they are loaded or loading. */
  loadDetails(schema: string, table: string, view: boolean): void;
  /** Forgets everything and loads the schema list again (open nodes reload as they show). */
  refresh(): void;
  /**
   * Reads a schema's objects again (when they were loaded), showing the ones there until the
   * answer comes, and forgets its tables' details (open ones load again).
   */
  reloadSchema(schema: string): void;
}

/**
 * What the schema tree has loaded through `sessionId`, fetched on demand and kept until a
 * refresh. Answers that arrive after a refresh are dropped, so stale metadata never returns.
 */
export function useSchemaData(sessionId: string): SchemaData {
  const [schemas, setSchemas] = useState<Loadable<SchemaSummary[]>>({ state: 'loading' });
  const [objects, setObjects] = useState(new Map<string, Loadable<SchemaObjects>>());
  const [details, setDetails] = useState(new Map<string, Loadable<TableDetails>>());
  const generation = useRef(0);
  // Ids of what is loading or loaded, checked synchronously so a render never asks twice.
  const asked = useRef(new Set<string>());
  /** Per id, how many times it was read again: an answer to an older read is dropped. */
  const reads = useRef(new Map<string, number>());
  /** Schemas being read again, and whether another change came meanwhile (read once more). */
  const rereading = useRef(new Map<string, boolean>());
  const sessionRef = useLatest(sessionId);

  /** Asks for the schema list; only its answer sets state (the caller shows it loading). */
  const fetchSchemas = useCallback(() => {
    const gen = generation.current;
    api.call('schema.schemas', { sessionId: sessionRef.current }).then(
      (list) => gen === generation.current && setSchemas({ state: 'ready', value: list }),
      (e: unknown) =>
        gen === generation.current &&
        setSchemas({ state: 'error', message: errorShapeOf(e).message }),
    );
  }, [sessionRef]);

  const loadSchemas = useCallback(() => {
    setSchemas({ state: 'loading' });
    fetchSchemas();
  }, [fetchSchemas]);

  // The first list: the state starts as loading.
  useEffect(fetchSchemas, [fetchSchemas]);

  /**
   * Loads a value once into one of the maps under `key`, showing it loading: a failure may be
   * asked again, an answer from before a refresh is dropped.
   */
  const loadOnce = useCallback(
    <T>(
      id: string,
      key: string,
      setMap: Dispatch<SetStateAction<Map<string, Loadable<T>>>>,
      fetch: (sessionId: string) => Promise<T>,
    ) => {
      if (asked.current.has(id)) return;
      asked.current.add(id);
      const gen = generation.current;
      const read = reads.current.get(id);
      const set = (value: Loadable<T>) => {
        if (gen === generation.current && read === reads.current.get(id))
          setMap((m) => new Map(m).set(key, value));
      };
      set({ state: 'loading' });
      fetch(sessionRef.current).then(
        (value) => set({ state: 'ready', value }),
        (e: unknown) => {
          asked.current.delete(id);
          set({ state: 'error', message: errorShapeOf(e).message });
        },
      );
    },
    [sessionRef],
  );

  const loadObjects = useCallback(
    (schema: string) =>
      loadOnce(`objects\u0000${schema}`, schema, setObjects, (sessionId) =>
        api.call('schema.objects', { sessionId, schema }),
      ),
    [loadOnce],
  );

  const loadDetails = useCallback(
    (schema: string, table: string, view: boolean) => {
      const key = detailsKey(schema, table);
      loadOnce(`details\u0000${key}`, key, setDetails, async (sessionId) => {
        const [columns, indexes] = await Promise.all([
          api.call('schema.columns', { sessionId, schema, table }),
          // A view has no indexes to ask for.
          view ? Promise.resolve([]) : api.call('schema.indexes', { sessionId, schema, table }),
        ]);
        return { columns, indexes };
      });
    },
    [loadOnce],
  );

  const reloadSchema = useCallback(
    (schema: string) => {
      const prefix = detailsKey(schema, '');
      for (const id of [...asked.current]) {
        if (id.startsWith(`details\u0000${prefix}`)) asked.current.delete(id);
      }
      setDetails((m) =>
        [...m.keys()].some((k) => k.startsWith(prefix))
          ? new Map([...m].filter(([k]) => !k.startsWith(prefix)))
          : m,
      );
      const id = `objects\u0000${schema}`;
      if (!asked.current.has(id)) return;
      // A script of many DDL statements reads a schema once at a time, and once more after.
      if (rereading.current.has(schema)) {
        rereading.current.set(schema, true);
        return;
      }
      const gen = generation.current;
      const reread = () => {
        rereading.current.set(schema, false);
        const read = (reads.current.get(id) ?? 0) + 1;
        reads.current.set(id, read);
        const set = (value: Loadable<SchemaObjects>) => {
          if (gen === generation.current && read === reads.current.get(id))
            setObjects((m) => new Map(m).set(schema, value));
        };
        api
          .call('schema.objects', { sessionId: sessionRef.current, schema })
          .then(
            (value) => set({ state: 'ready', value }),
            (e: unknown) => set({ state: 'error', message: errorShapeOf(e).message }),
          )
          .finally(() => {
            // A refresh since then started afresh: this read is no longer its business.
            if (gen !== generation.current) return;
            if (rereading.current.get(schema) === true) reread();
            else rereading.current.delete(schema);
          });
      };
      reread();
    },
    [sessionRef],
  );

  const refresh = useCallback(() => {
    generation.current++;
    asked.current = new Set();
    rereading.current = new Map();
    setObjects(new Map());
    setDetails(new Map());
    loadSchemas();
  }, [loadSchemas]);

  return {
    data: { schemas: schemas.state === 'ready' ? schemas.value : [], objects, details },
    schemas,
    loadObjects,
    loadDetails,
    refresh,
    reloadSchema,
  };
}
