import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  CONNECTION_COLORS,
  TLS_MODES,
  type SavedConnection,
  type TlsMode,
} from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ServerInfo } from '../../shared/server/server-info';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import {
  draftFieldOf,
  draftFromSettings,
  draftWithoutSecrets,
  secretsPatchFromDraft,
  settingsFromDraft,
  settingsOf,
  type ConnectionDraft,
  type DraftErrors,
  type DraftField,
} from './connection-draft';
import { ServerSummary } from './ServerSummary';

const TLS_LABELS: Record<TlsMode, string> = {
  off: 'Off',
  preferred: 'Preferred (encrypt if the server can)',
  required: 'Required (no certificate check)',
  'verify-ca': 'Verify CA',
  'verify-identity': 'Verify CA and host name',
};

function draftKey(id: string | undefined): string {
  return `sightline.connection-draft.${id ?? 'new'}`;
}

/** A draft left by a crash or reload while this dialog was open, if any. */
function recoverDraft(id: string | undefined): ConnectionDraft | null {
  try {
    const text = localStorage.getItem(draftKey(id));
    return text ? (JSON.parse(text) as ConnectionDraft) : null;
  } catch {
    return null;
  }
}

function Field({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errId : undefined)}
      {hint && !error && <span className="field-hint">{hint}</span>}
      {error && (
        <span className="field-error" id={errId} role="alert">
          ⚠ {error}
        </span>
      )}
    </div>
  );
}

export function ConnectionDialog({
  existing,
  onClose,
  onSaved,
}: {
  existing: SavedConnection | null;
  onClose: () => void;
  onSaved: (saved: SavedConnection) => void;
}) {
  const id = existing?.id;
  const [draft, setDraft] = useState<ConnectionDraft>(
    () => recoverDraft(id) ?? draftFromSettings(existing ? settingsOf(existing) : undefined),
  );
  const [recovered] = useState(() => recoverDraft(id) !== null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [testResult, setTestResult] = useState<
    { server: ServerInfo } | { error: ApiErrorShape } | null
  >(null);
  const [saveError, setSaveError] = useState<ApiErrorShape | null>(null);

  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The result sits above the sticky buttons; bring it into view when it changes.
    resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [testResult, saveError, busy]);

  useEffect(() => {
    localStorage.setItem(draftKey(id), JSON.stringify(draftWithoutSecrets(draft)));
  }, [draft, id]);

  const set = <K extends DraftField>(key: K, value: ConnectionDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const close = () => {
    localStorage.removeItem(draftKey(id));
    onClose();
  };

  const validated = () => {
    const result = settingsFromDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return null;
    }
    return result.settings;
  };

  const reportFieldError = (error: ApiErrorShape) => {
    const field = error.field ? draftFieldOf(error.field) : undefined;
    if (field)
      setErrors((e) => ({
        ...e,
        [field]: error.message.replace(/^Invalid request to [\w.]+: /, ''),
      }));
  };

  const test = async () => {
    const settings = validated();
    if (!settings) return;
    setBusy('test');
    setTestResult(null);
    try {
      const server = await api.call('connections.test', {
        id,
        settings,
        secrets: secretsPatchFromDraft(draft),
      });
      setTestResult({ server });
    } catch (e) {
      const error = errorShapeOf(e);
      reportFieldError(error);
      setTestResult({ error });
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    const settings = validated();
    if (!settings) return;
    setBusy('save');
    setSaveError(null);
    try {
      const saved = await api.call('connections.save', {
        id,
        settings,
        secrets: secretsPatchFromDraft(draft),
      });
      localStorage.removeItem(draftKey(id));
      onSaved(saved);
    } catch (e) {
      const error = errorShapeOf(e);
      reportFieldError(error);
      setSaveError(error);
    } finally {
      setBusy(null);
    }
  };

  const storedPassword = existing?.secrets.password ?? false;
  const title = existing ? `Edit connection “${existing.name}”` : 'New connection';

  return (
    <div className="modal-backdrop" role="presentation">
      <form
        className="modal modal-wide"
        role="dialog"
        aria-modal="true"
        aria-labelledby="connection-dialog-title"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
      >
        <h2 id="connection-dialog-title">
          <span className={`color-dot color-${draft.color}`} aria-hidden="true" /> {title}
        </h2>
        {recovered && (
          <div className="notice notice-info" role="status">
            <span aria-hidden="true">ℹ</span> Restored what you had typed before the app closed.
          </div>
        )}
        <div className="form-grid">
          <div className="form-col">
            <fieldset>
              <legend>Connection</legend>
              <Field label="Name" error={errors.name}>
                {(fid, d) => (
                  <input
                    id={fid}
                    aria-describedby={d}
                    value={draft.name}
                    onChange={(e) => set('name', e.target.value)}
                    autoFocus
                  />
                )}
              </Field>
              <div className="field">
                <span id="color-label">Colour tag</span>
                <div className="swatches" role="radiogroup" aria-labelledby="color-label">
                  {CONNECTION_COLORS.map((c) => (
                    <button
                      key={c}
                      type="button"
                      role="radio"
                      aria-checked={draft.color === c}
                      aria-label={c}
                      title={c}
                      className={`swatch color-${c}${draft.color === c ? ' swatch-selected' : ''}`}
                      onClick={() => set('color', c)}
                    />
                  ))}
                </div>
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={draft.production}
                  onChange={(e) => set('production', e.target.checked)}
                />
                Production (destructive actions need the name typed)
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={draft.readOnly}
                  onChange={(e) => set('readOnly', e.target.checked)}
                />
                Read-only (writes need confirmation)
              </label>
            </fieldset>

            <fieldset>
              <legend>TLS</legend>
              <Field label="TLS mode" error={errors.tlsMode}>
                {(fid) => (
                  <select
                    id={fid}
                    value={draft.tlsMode}
                    onChange={(e) => set('tlsMode', e.target.value as TlsMode)}
                  >
                    {TLS_MODES.map((m) => (
                      <option key={m} value={m}>
                        {TLS_LABELS[m]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {draft.tlsMode !== 'off' && (
                <>
                  <Field
                    label="CA file"
                    error={errors.caFile}
                    hint="A path on the machine running the backend"
                  >
                    {(fid, d) => (
                      <input
                        id={fid}
                        aria-describedby={d}
                        value={draft.caFile}
                        onChange={(e) => set('caFile', e.target.value)}
                      />
                    )}
                  </Field>
                  <div className="row">
                    <Field label="Client certificate" error={errors.certFile}>
                      {(fid, d) => (
                        <input
                          id={fid}
                          aria-describedby={d}
                          value={draft.certFile}
                          onChange={(e) => set('certFile', e.target.value)}
                        />
                      )}
                    </Field>
                    <Field label="Client key" error={errors.keyFile}>
                      {(fid, d) => (
                        <input
                          id={fid}
                          aria-describedby={d}
                          value={draft.keyFile}
                          onChange={(e) => set('keyFile', e.target.value)}
                        />
                      )}
                    </Field>
                  </div>
                </>
              )}
            </fieldset>

            <fieldset>
              <legend>Session</legend>
              <Field
                label="Session init SQL"
                error={errors.initSql}
                hint="Runs on every new session, e.g. SET SESSION sql_mode = ..."
              >
                {(fid, d) => (
                  <textarea
                    id={fid}
                    aria-describedby={d}
                    rows={2}
                    spellCheck={false}
                    value={draft.initSql}
                    onChange={(e) => set('initSql', e.target.value)}
                  />
                )}
              </Field>
            </fieldset>
          </div>
          <div className="form-col">
            <fieldset>
              <legend>Server</legend>
              <div className="segmented" role="radiogroup" aria-label="Connect by">
                {(['tcp', 'socket'] as const).map((k) => (
                  <label key={k} className="check">
                    <input
                      type="radio"
                      name="endpoint"
                      checked={draft.endpointKind === k}
                      onChange={() => set('endpointKind', k)}
                    />
                    {k === 'tcp' ? 'TCP/IP' : 'Unix socket'}
                  </label>
                ))}
              </div>
              {draft.endpointKind === 'tcp' ? (
                <div className="row">
                  <Field label="Host" error={errors.host}>
                    {(fid, d) => (
                      <input
                        id={fid}
                        aria-describedby={d}
                        value={draft.host}
                        onChange={(e) => set('host', e.target.value)}
                      />
                    )}
                  </Field>
                  <Field label="Port" error={errors.port}>
                    {(fid, d) => (
                      <input
                        id={fid}
                        aria-describedby={d}
                        className="input-narrow"
                        inputMode="numeric"
                        value={draft.port}
                        onChange={(e) => set('port', e.target.value)}
                      />
                    )}
                  </Field>
                </div>
              ) : (
                <Field label="Socket path" error={errors.socketPath}>
                  {(fid, d) => (
                    <input
                      id={fid}
                      aria-describedby={d}
                      value={draft.socketPath}
                      onChange={(e) => set('socketPath', e.target.value)}
                    />
                  )}
                </Field>
              )}
              <div className="row">
                <Field label="User" error={errors.user}>
                  {(fid, d) => (
                    <input
                      id={fid}
                      aria-describedby={d}
                      value={draft.user}
                      autoComplete="off"
                      onChange={(e) => set('user', e.target.value)}
                    />
                  )}
                </Field>
                <Field label="Password storage">
                  {(fid) => (
                    <select
                      id={fid}
                      value={draft.passwordMode}
                      onChange={(e) =>
                        set('passwordMode', e.target.value as ConnectionDraft['passwordMode'])
                      }
                    >
                      <option value="saved">Save (encrypted)</option>
                      <option value="ask">Ask each time</option>
                      <option value="none">No password</option>
                    </select>
                  )}
                </Field>
              </div>
              {draft.passwordMode === 'saved' && (
                <Field
                  label="Password"
                  hint={storedPassword ? 'A password is saved; leave empty to keep it.' : undefined}
                >
                  {(fid) => (
                    <input
                      id={fid}
                      type="password"
                      autoComplete="new-password"
                      placeholder={storedPassword ? '•••••••• (saved)' : ''}
                      value={draft.password}
                      onChange={(e) => set('password', e.target.value)}
                    />
                  )}
                </Field>
              )}
              <Field label="Default schema" error={errors.defaultSchema}>
                {(fid, d) => (
                  <input
                    id={fid}
                    aria-describedby={d}
                    value={draft.defaultSchema}
                    onChange={(e) => set('defaultSchema', e.target.value)}
                  />
                )}
              </Field>
              <Field label="Connect timeout (s)" error={errors.timeoutSeconds}>
                {(fid, d) => (
                  <input
                    id={fid}
                    aria-describedby={d}
                    className="input-narrow"
                    inputMode="decimal"
                    value={draft.timeoutSeconds}
                    onChange={(e) => set('timeoutSeconds', e.target.value)}
                  />
                )}
              </Field>
            </fieldset>

            <fieldset>
              <legend>SSH tunnel</legend>
              <label className="check">
                <input
                  type="checkbox"
                  checked={draft.sshEnabled}
                  onChange={(e) => set('sshEnabled', e.target.checked)}
                />
                Connect through SSH
              </label>
              {draft.sshEnabled && (
                <>
                  <div className="row">
                    <Field label="SSH host" error={errors.sshHost}>
                      {(fid, d) => (
                        <input
                          id={fid}
                          aria-describedby={d}
                          value={draft.sshHost}
                          onChange={(e) => set('sshHost', e.target.value)}
                        />
                      )}
                    </Field>
                    <Field label="SSH port" error={errors.sshPort}>
                      {(fid, d) => (
                        <input
                          id={fid}
                          aria-describedby={d}
                          className="input-narrow"
                          inputMode="numeric"
                          value={draft.sshPort}
                          onChange={(e) => set('sshPort', e.target.value)}
                        />
                      )}
                    </Field>
                  </div>
                  <div className="row">
                    <Field label="SSH user" error={errors.sshUser}>
                      {(fid, d) => (
                        <input
                          id={fid}
                          aria-describedby={d}
                          value={draft.sshUser}
                          onChange={(e) => set('sshUser', e.target.value)}
                        />
                      )}
                    </Field>
                    <Field label="SSH authentication">
                      {(fid) => (
                        <select
                          id={fid}
                          value={draft.sshAuth}
                          onChange={(e) => set('sshAuth', e.target.value as 'password' | 'key')}
                        >
                          <option value="key">Private key</option>
                          <option value="password">Password</option>
                        </select>
                      )}
                    </Field>
                  </div>
                  {draft.sshAuth === 'key' ? (
                    <div className="row">
                      <Field label="Private key file" error={errors.sshKeyFile}>
                        {(fid, d) => (
                          <input
                            id={fid}
                            aria-describedby={d}
                            value={draft.sshKeyFile}
                            onChange={(e) => set('sshKeyFile', e.target.value)}
                          />
                        )}
                      </Field>
                      <Field
                        label="Key passphrase"
                        hint={
                          existing?.secrets.sshPassphrase
                            ? 'Saved; leave empty to keep it.'
                            : undefined
                        }
                      >
                        {(fid) => (
                          <input
                            id={fid}
                            type="password"
                            autoComplete="new-password"
                            value={draft.sshPassphrase}
                            onChange={(e) => set('sshPassphrase', e.target.value)}
                          />
                        )}
                      </Field>
                    </div>
                  ) : (
                    <Field
                      label="SSH password"
                      hint={
                        existing?.secrets.sshPassword ? 'Saved; leave empty to keep it.' : undefined
                      }
                    >
                      {(fid) => (
                        <input
                          id={fid}
                          type="password"
                          autoComplete="new-password"
                          value={draft.sshPassword}
                          onChange={(e) => set('sshPassword', e.target.value)}
                        />
                      )}
                    </Field>
                  )}
                </>
              )}
            </fieldset>
          </div>
        </div>

        <div className="test-result" aria-live="polite" ref={resultRef}>
          {busy === 'test' && <div className="notice notice-info">Connecting…</div>}
          {testResult && 'server' in testResult && (
            <div className="notice notice-ok" role="status" data-testid="test-ok">
              <span aria-hidden="true">✔</span>
              <ServerSummary server={testResult.server} compact />
            </div>
          )}
          {testResult && 'error' in testResult && (
            <ErrorNotice error={testResult.error} title="Test failed" />
          )}
          {saveError && <ErrorNotice error={saveError} title="Could not save" />}
        </div>

        <div className="modal-actions">
          <button type="button" onClick={() => void test()} disabled={busy !== null}>
            Test
          </button>
          <span className="spacer" />
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy !== null}>
            Save
          </button>
        </div>
      </form>
    </div>
  );
}
