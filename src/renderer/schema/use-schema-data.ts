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
      const set = (value: Loadable<T>) => {
        if (gen === generation.current) setMap((m) => new Map(m).set(key, value));
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

  const refresh = useCallback(() => {
    generation.current++;
    asked.current = new Set();
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
  };
}
