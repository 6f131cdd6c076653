import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ApiErrorShape } from '../../shared/api/errors';
import {
  defaultPlanDiagnosticSettings,
  defaultResultLimitSettings,
  PlanDiagnosticSettingsSchema,
  ResultLimitSettingsSchema,
} from '../../shared/api/settings';
import type { UpdateStatus } from '../../shared/api/updates';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { UpdateSettingsForm } from '../app/UpdateNotice';
import { draftOf, readNumberDraft, type NumberDraft } from './number-fields';
import { setPlanDiagnostics } from './plan-diagnostics';
import { SeverityIcon } from '../ui/SeverityIcon';
import { Field } from '../ui/Field';

interface NumberField<K extends string> {
  key: K;
  label: string;
  /** Shown under the field when its value is fine. */
  hint: string;
}

/**
 * A section of number settings, saved on its own: fields checked as typed with the backend's
 * own schema, Save enabled only for a valid change, Defaults puts the defaults in the fields.
 */
function NumberSection<K extends string, T extends Record<K, number>>({
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

function ResultLimitsSection() {
  const defaults = defaultResultLimitSettings();
  return (
    <NumberSection
      id="settings-results"
      title="Result limits"
      intro={
        <>
          How much of one result Sightline keeps for the grid. Fetching stops at whichever limit
          comes first and the result says so; <strong>Export full result</strong> still writes every
          row to a file. New limits apply to statements started after saving.
        </>
      }
      fields={[
        {
          key: 'maxRows',
          label: 'Rows kept per result',
          hint: `Default ${defaults.maxRows.toLocaleString()}`,
        },
        {
          key: 'maxMegabytes',
          label: 'Memory kept per result (MB)',
          hint: `Default ${defaults.maxMegabytes} MB`,
        },
      ]}
      schema={ResultLimitSettingsSchema}
      defaults={defaults}
      load={() => api.call('settings.results', {})}
      save={(v) => api.call('settings.saveResults', v)}
      saveLabel="Save result limits"
    />
  );
}

function PlanDiagnosticsSection() {
  const defaults = defaultPlanDiagnosticSettings();
  return (
    <NumberSection
      id="settings-plan"
      title="Plan diagnostics"
      intro="When a plan's finding is worth your attention. Applies to plans explained or pasted after saving."
      fields={[
        {
          key: 'fullScanRows',
          label: 'Warn about full scans and sorts from (rows)',
          hint: `Default ${defaults.fullScanRows.toLocaleString()}`,
        },
        {
          key: 'misestimateFactor',
          label: 'Call an estimate wrong when off by more than (×)',
          hint: `Default ${defaults.misestimateFactor}×`,
        },
      ]}
      schema={PlanDiagnosticSettingsSchema}
      defaults={defaults}
      load={() => api.call('settings.plan', {})}
      save={async (v) => {
        const saved = await api.call('settings.savePlan', v);
        setPlanDiagnostics(saved);
        return saved;
      }}
      saveLabel="Save plan thresholds"
    />
  );
}

function UpdatesSection() {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  useEffect(() => {
    api.call('updates.check', {}).then(setStatus, () => undefined);
  }, []);
  return (
    <section className="settings-section" aria-labelledby="settings-updates">
      <h2 id="settings-updates">Update notifications</h2>
      <UpdateSettingsForm status={status} onStatus={setStatus} />
    </section>
  );
}

/** Where this computer keeps Sightline's files, so a user can back them up or move them. */
function DataSection({ dataDir }: { dataDir: string | null }) {
  return (
    <section className="settings-section" aria-labelledby="settings-data">
      <h2 id="settings-data">Data folder</h2>
      <p className="field-hint">
        Saved connections (passwords encrypted), settings, query and ALTER history and recorded
        plans live here. Back up the whole folder to keep them.
      </p>
      <code className="settings-path" data-testid="settings-data-dir">
        {dataDir ?? '…'}
      </code>
    </section>
  );
}

/** The app's settings: one page, each section saved on its own. */
export function SettingsScreen({ dataDir }: { dataDir: string | null }) {
  return (
    <div className="settings-screen">
      <h1>Settings</h1>
      <ResultLimitsSection />
      <PlanDiagnosticsSection />
      <UpdatesSection />
      <DataSection dataDir={dataDir} />
    </div>
  );
}
