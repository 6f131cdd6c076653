import { useCallback, useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import { defaultResultLimitSettings } from '../../shared/api/settings';
import type { UpdateStatus } from '../../shared/api/updates';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { UpdateSettingsForm } from '../app/UpdateNotice';
import { draftOf, readResultLimitDraft, type ResultLimitDraft } from './result-limits-form';

function ResultLimitsSection() {
  const [draft, setDraft] = useState<ResultLimitDraft | null>(null);
  const [saved, setSaved] = useState<ResultLimitDraft | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    api.call('settings.results', {}).then(
      (s) => {
        setDraft(draftOf(s));
        setSaved(draftOf(s));
      },
      (e: unknown) => setError(errorShapeOf(e)),
    );
  }, []);

  const read = draft ? readResultLimitDraft(draft) : null;
  const problems = read && !read.ok ? read.problems : {};
  const changed =
    draft !== null &&
    saved !== null &&
    (draft.maxRows !== saved.maxRows || draft.maxMegabytes !== saved.maxMegabytes);

  const save = useCallback(async () => {
    if (!read?.ok) return;
    setBusy(true);
    setError(null);
    try {
      const s = await api.call('settings.saveResults', read.value);
      setDraft(draftOf(s));
      setSaved(draftOf(s));
      setDone(true);
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setBusy(false);
    }
  }, [read]);

  const edit = (patch: Partial<ResultLimitDraft>) => {
    setDone(false);
    setDraft((d) => (d ? { ...d, ...patch } : d));
  };
  const defaults = draftOf(defaultResultLimitSettings());

  return (
    <section className="settings-section" aria-labelledby="settings-results">
      <h2 id="settings-results">Results</h2>
      <p className="field-hint">
        How much of one result Sightline keeps for the grid. Fetching stops at whichever limit comes
        first and the result says so; <strong>Export full result</strong> still writes every row to
        a file. New limits apply to statements started after saving.
      </p>
      {draft && (
        <div className="row settings-fields">
          <div className={`field${problems.maxRows ? ' field-invalid' : ''}`}>
            <label htmlFor="settings-max-rows">Rows kept per result</label>
            <input
              id="settings-max-rows"
              className="input-narrow num"
              inputMode="numeric"
              value={draft.maxRows}
              aria-invalid={problems.maxRows ? true : undefined}
              onChange={(e) => edit({ maxRows: e.target.value })}
            />
            {problems.maxRows ? (
              <span className="field-error" role="alert">
                {problems.maxRows}
              </span>
            ) : (
              <span className="field-hint">
                Default {Number(defaults.maxRows).toLocaleString()}
              </span>
            )}
          </div>
          <div className={`field${problems.maxMegabytes ? ' field-invalid' : ''}`}>
            <label htmlFor="settings-max-mb">Memory kept per result (MB)</label>
            <input
              id="settings-max-mb"
              className="input-narrow num"
              inputMode="numeric"
              value={draft.maxMegabytes}
              aria-invalid={problems.maxMegabytes ? true : undefined}
              onChange={(e) => edit({ maxMegabytes: e.target.value })}
            />
            {problems.maxMegabytes ? (
              <span className="field-error" role="alert">
                {problems.maxMegabytes}
              </span>
            ) : (
              <span className="field-hint">Default {defaults.maxMegabytes} MB</span>
            )}
          </div>
        </div>
      )}
      {error && <ErrorNotice error={error} title="The result limits were not saved" />}
      <div className="modal-actions settings-actions">
        {done && !changed && (
          <span className="settings-saved" role="status">
            <span aria-hidden="true">✔</span> Saved
          </span>
        )}
        <button
          type="button"
          disabled={!draft || busy}
          onClick={() => edit(defaults)}
          title="Put back 1,000,000 rows and 512 MB (not saved until you save)"
        >
          Defaults
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!read?.ok || !changed || busy}
          onClick={() => void save()}
        >
          Save result limits
        </button>
      </div>
    </section>
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
      <UpdatesSection />
      <DataSection dataDir={dataDir} />
    </div>
  );
}
