import { useEffect, useRef, useState } from 'react';
import {
  CONNECTION_COLORS,
  TLS_MODES,
  type SavedConnection,
  type TlsMode,
} from '../../shared/api/connection';
import type { ApiErrorShape, SshHostKeyInfo } from '../../shared/api/errors';
import type { ServerInfo } from '../../shared/server/server-info';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import {
  draftFieldOf,
  draftFromSettings,
  draftHostKey,
  draftSshTarget,
  draftTrustingHostKey,
  draftMovesSavedPassword,
  draftWithEndpointKind,
  draftWithoutSecrets,
  secretsPatchFromDraft,
  settingsFromDraft,
  settingsOf,
  type ConnectionDraft,
  type DraftErrors,
  type DraftField,
} from './connection-draft';
import { Field } from '../ui/Field';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { SeverityIcon } from '../ui/SeverityIcon';
import { TextField } from './TextField';
import { PasswordKeyFields } from './PasswordKeyFields';
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
function recoverDraft(id: string | undefined): Partial<ConnectionDraft> | null {
  try {
    const text = localStorage.getItem(draftKey(id));
    return text ? (JSON.parse(text) as Partial<ConnectionDraft>) : null;
  } catch {
    return null;
  }
}

/** Fingerprints break anywhere rather than overflow a narrow column. */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;
/** Space around the key facts inside a notice. */
const NOTICE_FACTS = { margin: '6px 0 10px' } as const;

/** `host:port`, with IPv6 literals bracketed. */
function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The key an SSH server presented: its type and fingerprint, selectable to compare or copy. */
function PresentedKey({ hostKey, label }: { hostKey: SshHostKeyInfo; label: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <span className="mono" data-testid="ssh-presented-algorithm">
          {hostKey.algorithm}
        </span>{' '}
        <code className="mono" style={WRAP_ANYWHERE} data-testid="ssh-presented-fingerprint">
          {hostKey.fingerprint}
        </code>
      </dd>
    </>
  );
}

/**
 * A test refused by the host key check: the key the SSH server presented, and the one way to
 * go on. An unknown key is a question (trust on first use); a changed one is a warning that
 * needs a deliberate, confirmed replacement.
 */
function HostKeyNotice({
  error,
  hostKey,
  busy,
  onTrust,
}: {
  error: ApiErrorShape;
  hostKey: SshHostKeyInfo;
  busy: boolean;
  onTrust: () => void;
}) {
  const [checked, setChecked] = useState(false);
  const server = hostPort(hostKey.host, hostKey.port);
  if (error.code === 'SSH_HOST_KEY_UNKNOWN') {
    return (
      <Notice
        severity="warning"
        role="alert"
        title="Unknown SSH host key"
        testId="ssh-host-key-notice"
        data={{ 'data-error-code': error.code }}
        actions={
          <button type="button" className="btn-primary" onClick={onTrust} disabled={busy}>
            Trust this host key
          </button>
        }
        meta={error.code}
      >
        The SSH server {server} is not known to this connection yet, so nothing was sent to it.
        Trust its key only if the fingerprint matches the one its administrator gives you (
        <code className="mono">ssh-keygen -lf</code> on the server&apos;s host key prints it).
        <dl className="facts" style={NOTICE_FACTS}>
          <PresentedKey hostKey={hostKey} label="Presented key" />
        </dl>
      </Notice>
    );
  }
  return (
    <Notice
      severity="danger"
      title="The SSH host key has changed: someone may be intercepting this connection"
      testId="ssh-host-key-notice"
      data={{ 'data-error-code': error.code }}
      actions={
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={checked}
              onChange={(e) => setChecked(e.target.checked)}
            />
            The server&apos;s administrator confirmed the new fingerprint
          </label>
          <button
            type="button"
            className="btn-danger"
            onClick={onTrust}
            disabled={busy || !checked}
          >
            Replace the saved key
          </button>
        </>
      }
      meta={error.code}
    >
      The SSH server {server} presented a different key than the one saved for this connection.
      Nothing was sent to it. An attacker in the middle would do this to capture your passwords.
      Check with the server&apos;s administrator whether its host key was changed; replace the saved
      key only if they confirm the new fingerprint.
      <dl className="facts" style={NOTICE_FACTS}>
        <dt>Saved key</dt>
        <dd>
          <code className="mono" style={WRAP_ANYWHERE} data-testid="ssh-saved-fingerprint">
            {hostKey.expected ?? '—'}
          </code>
        </dd>
        <PresentedKey hostKey={hostKey} label="Presented key" />
      </dl>
    </Notice>
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
  const [draft, setDraft] = useState<ConnectionDraft>(() => ({
    ...draftFromSettings(existing ? settingsOf(existing) : undefined),
    // Fields added since the draft was kept take their saved (or default) values.
    ...recoverDraft(id),
  }));
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

  const validated = (d: ConnectionDraft = draft) => {
    const result = settingsFromDraft(d);
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

  const test = async (d: ConnectionDraft = draft) => {
    const settings = validated(d);
    if (!settings) return;
    setBusy('test');
    setTestResult(null);
    try {
      const server = await api.call('connections.test', {
        id,
        settings,
        secrets: secretsPatchFromDraft(d),
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

  /** Trusts the key a test was refused for, and tests again with it. */
  const trustHostKey = (hostKey: SshHostKeyInfo) => {
    const next = draftTrustingHostKey(draft, hostKey);
    setDraft(next);
    setErrors((e) => ({ ...e, sshHostKeySha256: undefined }));
    void test(next);
  };

  const forgetHostKey = () => {
    setDraft((d) => ({ ...d, sshHostKeySha256: '', sshHostKeyFor: '' }));
    setErrors((e) => ({ ...e, sshHostKeySha256: undefined }));
  };

  const storedPassword = existing?.secrets.password ?? false;
  const passwordMoved = draftMovesSavedPassword(draft, existing);
  const savedHostKey = existing?.ssh?.hostKeySha256;
  const hostKey = draftHostKey(draft);
  const testError = testResult && 'error' in testResult ? testResult.error : null;
  const refusedKey =
    testError?.sshHostKey !== undefined &&
    (testError.code === 'SSH_HOST_KEY_UNKNOWN' || testError.code === 'SSH_HOST_KEY_CHANGED')
      ? testError.sshHostKey
      : undefined;
  const title = existing ? `Edit connection “${existing.name}”` : 'New connection';

  return (
    <Modal
      size="wide"
      title={
        <>
          <span className={`color-dot color-${draft.color}`} aria-hidden="true" /> {title}
        </>
      }
      onClose={close}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      actions={
        <>
          <button type="button" onClick={() => void test(draft)} disabled={busy !== null}>
            Test
          </button>
          <span className="spacer" />
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy !== null}>
            Save
          </button>
        </>
      }
    >
      {recovered && (
        <Notice severity="info" role="status">
          Restored what you had typed before the app closed.
        </Notice>
      )}
      <div className="form-grid">
        <div className="form-col">
          <fieldset>
            <legend>Connection</legend>
            <Field label="Name" error={errors.name}>
              {(control) => (
                <input
                  {...control}
                  value={draft.name}
                  onChange={(e) => set('name', e.target.value)}
                  data-autofocus
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
            <label className="check">
              <input
                type="checkbox"
                checked={draft.scratch}
                onChange={(e) => set('scratch', e.target.checked)}
              />
              Scratch server (tuning may try indexes)
            </label>
          </fieldset>

          <fieldset>
            <legend>TLS</legend>
            <Field label="TLS mode" error={errors.tlsMode}>
              {(control) => (
                <select
                  {...control}
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
            <PasswordKeyFields draft={draft} errors={errors} set={set} />
            {draft.tlsMode !== 'off' && (
              <>
                <TextField
                  label="CA file"
                  field="caFile"
                  hint="A path on the machine running the backend"
                  draft={draft}
                  errors={errors}
                  set={set}
                />
                <div className="row">
                  <TextField
                    label="Client certificate"
                    field="certFile"
                    draft={draft}
                    errors={errors}
                    set={set}
                  />
                  <TextField
                    label="Client key"
                    field="keyFile"
                    draft={draft}
                    errors={errors}
                    set={set}
                  />
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
              {(control) => (
                <textarea
                  {...control}
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
                    onChange={() => setDraft((d) => draftWithEndpointKind(d, k, !existing))}
                  />
                  {k === 'tcp' ? 'TCP/IP' : 'Unix socket'}
                </label>
              ))}
            </div>
            {draft.endpointKind === 'tcp' ? (
              <div className="row">
                <TextField label="Host" field="host" draft={draft} errors={errors} set={set} />
                <TextField
                  label="Port"
                  field="port"
                  draft={draft}
                  errors={errors}
                  set={set}
                  className="input-narrow"
                  inputMode="numeric"
                />
              </div>
            ) : (
              <TextField
                label="Socket path"
                field="socketPath"
                draft={draft}
                errors={errors}
                set={set}
              />
            )}
            <div className="row">
              <TextField
                label="User"
                field="user"
                draft={draft}
                errors={errors}
                set={set}
                autoComplete="off"
              />
              <Field label="Password storage">
                {(control) => (
                  <select
                    {...control}
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
                hint={
                  passwordMoved
                    ? undefined
                    : storedPassword
                      ? 'A password is saved; leave empty to keep it.'
                      : undefined
                }
                error={
                  passwordMoved
                    ? 'The saved password is only sent to the server it was saved for: host, port, user or SSH server changed, so type it again.'
                    : undefined
                }
              >
                {(control) => (
                  <input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    placeholder={storedPassword && !passwordMoved ? '•••••••• (saved)' : ''}
                    value={draft.password}
                    onChange={(e) => set('password', e.target.value)}
                  />
                )}
              </Field>
            )}
            <TextField
              label="Default schema"
              field="defaultSchema"
              draft={draft}
              errors={errors}
              set={set}
            />
            <TextField
              label="Connect timeout (s)"
              field="timeoutSeconds"
              draft={draft}
              errors={errors}
              set={set}
              className="input-narrow"
              inputMode="decimal"
            />
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
                  <TextField
                    label="SSH host"
                    field="sshHost"
                    draft={draft}
                    errors={errors}
                    set={set}
                  />
                  <TextField
                    label="SSH port"
                    field="sshPort"
                    draft={draft}
                    errors={errors}
                    set={set}
                    className="input-narrow"
                    inputMode="numeric"
                  />
                </div>
                <div className="row">
                  <TextField
                    label="SSH user"
                    field="sshUser"
                    draft={draft}
                    errors={errors}
                    set={set}
                  />
                  <Field label="SSH authentication">
                    {(control) => (
                      <select
                        {...control}
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
                    <TextField
                      label="Private key file"
                      field="sshKeyFile"
                      draft={draft}
                      errors={errors}
                      set={set}
                    />
                    <Field
                      label="Key passphrase"
                      hint={
                        existing?.secrets.sshPassphrase
                          ? 'Saved; leave empty to keep it.'
                          : undefined
                      }
                    >
                      {(control) => (
                        <input
                          {...control}
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
                    {(control) => (
                      <input
                        {...control}
                        type="password"
                        autoComplete="new-password"
                        value={draft.sshPassword}
                        onChange={(e) => set('sshPassword', e.target.value)}
                      />
                    )}
                  </Field>
                )}
                <div
                  className={`field${errors.sshHostKeySha256 ? ' field-invalid' : ''}`}
                  data-testid="ssh-host-key"
                >
                  {draft.sshHostKeySha256 !== '' ? (
                    <>
                      <div
                        className="row"
                        style={{ alignItems: 'center', justifyContent: 'space-between' }}
                      >
                        <span className="field-hint" id="ssh-host-key-label">
                          Trusted host key
                        </span>
                        <button
                          type="button"
                          className="btn-small"
                          onClick={forgetHostKey}
                          aria-label="Forget the trusted host key"
                        >
                          Forget
                        </button>
                      </div>
                      <code
                        className="mono"
                        style={WRAP_ANYWHERE}
                        aria-labelledby="ssh-host-key-label"
                        data-testid="ssh-trusted-fingerprint"
                      >
                        {draft.sshHostKeySha256}
                      </code>
                    </>
                  ) : (
                    <>
                      <span>Trusted host key</span>
                      <span className="field-hint">
                        None yet: Test shows the SSH server&apos;s key, to check and trust it.
                      </span>
                    </>
                  )}
                  {draft.sshHostKeySha256 !== '' && hostKey === undefined && (
                    <span className="field-hint">
                      Trusted for {draft.sshHostKeyFor}, not for {draftSshTarget(draft)}: Test shows
                      the new server&apos;s key.
                    </span>
                  )}
                  {hostKey !== undefined && hostKey !== savedHostKey && (
                    <span className="field-hint">Not saved yet: Save keeps it.</span>
                  )}
                  {errors.sshHostKeySha256 && (
                    <span className="field-error" role="alert">
                      <SeverityIcon severity="warning" className="field-error-icon" />{' '}
                      {errors.sshHostKeySha256}
                    </span>
                  )}
                </div>
              </>
            )}
          </fieldset>
        </div>
      </div>

      <div className="test-result" aria-live="polite" ref={resultRef}>
        {busy === 'test' && <Notice severity="info">Connecting…</Notice>}
        {testResult && 'server' in testResult && (
          <Notice severity="ok" testId="test-ok">
            <ServerSummary server={testResult.server} compact />
          </Notice>
        )}
        {testError && refusedKey && (
          <HostKeyNotice
            key={`${testError.code} ${refusedKey.fingerprint}`}
            error={testError}
            hostKey={refusedKey}
            busy={busy !== null}
            onTrust={() => trustHostKey(refusedKey)}
          />
        )}
        {testError && !refusedKey && <ErrorNotice error={testError} title="Test failed" />}
        {saveError && <ErrorNotice error={saveError} title="Could not save" />}
      </div>
    </Modal>
  );
}
