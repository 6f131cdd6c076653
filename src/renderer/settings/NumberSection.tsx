import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ApiErrorShape } from '../../shared/api/errors';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { Field } from '../ui/Field';
import { SeverityIcon } from '../ui/SeverityIcon';
import { draftOf, readNumberDraft, type NumberDraft } from './number-fields';

export interface NumberField<K extends string> {
  key: K;
  label: string;
  /** Shown under the field when its value is fine. */
  hint: string;
}

/**
 * A section of number settings, saved on its own: fields checked as typed with the backend's
 * own schema, Save enabled only for a valid change, Defaults puts the defaults in the fields.
 */
export function NumberSection<K extends string, T extends Record<K, number>>({
  id,
  title,
  intro,
  fields,
  schema,
  defaults,
  load,
  save,
  saveLabel,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  fields: ReadonlyArray<NumberField<K>>;
  schema: z.ZodType<T>;
  defaults: T;
  load: () => Promise<T>;
  save: (value: T) => Promise<T>;
  saveLabel: string;
}) {
  const [draft, setDraft] = useState<NumberDraft<K> | null>(null);
  const [saved, setSaved] = useState<NumberDraft<K> | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  // Loaded once, with the loader the form opened with; later values come from saving.
  const [loadOnce] = useState(() => load);
  useEffect(() => {
    loadOnce().then(
      (s) => {
        setDraft(draftOf<K>(s));
        setSaved(draftOf<K>(s));
      },
      (e: unknown) => setError(errorShapeOf(e)),
    );
  }, [loadOnce]);

  const read = draft ? readNumberDraft(schema, draft) : null;
  const problems: Partial<Record<K, string>> = read && !read.ok ? read.problems : {};
  const changed =
    draft !== null && saved !== null && fields.some((f) => draft[f.key] !== saved[f.key]);

  const onSave = useCallback(async () => {
    if (!read?.ok) return;
    setBusy(true);
    setError(null);
    try {
      const s = await save(read.value);
      setDraft(draftOf<K>(s));
      setSaved(draftOf<K>(s));
      setDone(true);
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setBusy(false);
    }
  }, [read, save]);

  const edit = (patch: Partial<NumberDraft<K>>) => {
    setDone(false);
    setDraft((d) => (d ? { ...d, ...patch } : d));
  };

  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="field-hint">{intro}</p>
      {draft && (
        <div className="row settings-fields">
          {fields.map((f) => (
            <Field key={f.key} label={f.label} hint={f.hint} error={problems[f.key]}>
              {(control) => (
                <input
                  {...control}
                  className="input-narrow num"
                  inputMode="decimal"
                  value={draft[f.key]}
                  onChange={(e) => edit({ [f.key]: e.target.value } as Partial<NumberDraft<K>>)}
                />
              )}
            </Field>
          ))}
        </div>
      )}
      {error && <ErrorNotice error={error} title={`The ${title.toLowerCase()} were not saved`} />}
      <div className="modal-actions settings-actions">
        {done && !changed && (
          <span className="settings-saved" role="status">
            <SeverityIcon severity="ok" /> Saved
          </span>
        )}
        <button
          type="button"
          disabled={!draft || busy}
          onClick={() => edit(draftOf<K>(defaults))}
          title="Put the defaults in the fields (not saved until you save)"
        >
          Defaults
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!read?.ok || !changed || busy}
          onClick={() => void onSave()}
        >
          {saveLabel}
        </button>
      </div>
    </section>
  );
}
