import { useCallback, useEffect, useRef, useState } from 'react';
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

  const loadObjects = useCallback(
    (schema: string) => {
      const id = `objects\u0000${schema}`;
      if (asked.current.has(id)) return;
      asked.current.add(id);
      const gen = generation.current;
      const set = (value: Loadable<SchemaObjects>) => {
        if (gen === generation.current) setObjects((m) => new Map(m).set(schema, value));
      };
      set({ state: 'loading' });
      api.call('schema.objects', { sessionId: sessionRef.current, schema }).then(
        (value) => set({ state: 'ready', value }),
        (e: unknown) => {
          asked.current.delete(id);
          set({ state: 'error', message: errorShapeOf(e).message });
        },
      );
    },
    [sessionRef],
  );

  const loadDetails = useCallback(
    (schema: string, table: string, view: boolean) => {
      const key = detailsKey(schema, table);
      const id = `details\u0000${key}`;
      if (asked.current.has(id)) return;
      asked.current.add(id);
      const gen = generation.current;
      const set = (value: Loadable<TableDetails>) => {
        if (gen === generation.current) setDetails((m) => new Map(m).set(key, value));
      };
      set({ state: 'loading' });
      const sessionId = sessionRef.current;
      Promise.all([
        api.call('schema.columns', { sessionId, schema, table }),
        // A view has no indexes to ask for.
        view ? Promise.resolve([]) : api.call('schema.indexes', { sessionId, schema, table }),
      ]).then(
        ([columns, indexes]) => set({ state: 'ready', value: { columns, indexes } }),
        (e: unknown) => {
          asked.current.delete(id);
          set({ state: 'error', message: errorShapeOf(e).message });
        },
      );
    },
    [sessionRef],
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
