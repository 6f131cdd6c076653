import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { UpdateSettings, UpdateStatus } from '../../shared/api/updates';
import { api } from './api';
import { errorShapeOf, ErrorNotice } from './ErrorNotice';
import { openExternal } from './open-external';
import { SeverityIcon } from '../ui/SeverityIcon';
import { Field } from '../ui/Field';
import './update-notice.css';

/** "Checked at 10:32" in the user's own clock: the check ran here, not on a server. */
function checkedAt(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return ` (checked ${d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})`;
}

function ReleaseLink({ status }: { status: UpdateStatus }) {
  const latest = status.latest;
  if (!latest?.url) return null;
  const url = latest.url;
  return (
    <a
      href={url}
      className="upd-link"
      onClick={(e) => {
        e.preventDefault();
        openExternal(url);
      }}
    >
      What's new in {latest.version}
    </a>
  );
}

/** One line saying what the last check found, always with a word, never colour alone. */
function StatusLine({ status }: { status: UpdateStatus }) {
  switch (status.state) {
    case 'off':
      return (
        <p className="upd-line" data-testid="update-line">
          Checks are off: Sightline does not contact any release feed.
        </p>
      );
    case 'current':
      return (
        <p className="upd-line upd-ok" data-testid="update-line">
          <SeverityIcon severity="ok" /> Sightline {status.currentVersion} is the newest version
          {checkedAt(status.checkedAt)}.
        </p>
      );
    case 'available':
      return (
        <p className="upd-line upd-info" data-testid="update-line">
          <span aria-hidden="true">⬆</span> Sightline {status.latest?.version} is available (you
          have {status.currentVersion}). <ReleaseLink status={status} />
        </p>
      );
    case 'failed':
      return (
        <p className="upd-line upd-warning" data-testid="update-line">
          <SeverityIcon severity="warning" /> {status.problem}
        </p>
      );
  }
}

/**
 * The update notification settings and what the last check found; in the status bar's panel and
 * on the Settings screen. `children` are further buttons beside Save (the panel's Close).
 */
export function UpdateSettingsForm({
  status,
  onStatus,
  children,
}: {
  status: UpdateStatus | null;
  onStatus: (s: UpdateStatus) => void;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState<UpdateSettings | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.call('updates.settings', {}).then(setDraft, (e: unknown) => setError(errorShapeOf(e)));
  }, []);

  const saveAndCheck = useCallback(async () => {
    if (!draft) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await api.call('updates.saveSettings', draft);
      setDraft(saved);
      onStatus(await api.call('updates.check', { force: true }));
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setBusy(false);
    }
  }, [draft, onStatus]);

  return (
    <>
      <p className="field-hint">
        Sightline can tell you when a newer version is released. It only reads the release feed
        below; it never downloads or installs anything.
      </p>
      {draft && (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
            />
            Tell me when a newer version is released
          </label>
          <Field label="Release feed (GitHub releases API or a JSON manifest)">
            {(control) => (
              <input
                {...control}
                className="mono"
                value={draft.feedUrl}
                spellCheck={false}
                onChange={(e) => setDraft({ ...draft, feedUrl: e.target.value })}
              />
            )}
          </Field>
        </>
      )}
      {error && <ErrorNotice error={error} title="The update settings were not saved" />}
      {status && <StatusLine status={status} />}
      <div className="modal-actions">
        {children}
        <button
          type="button"
          className="btn-primary"
          disabled={!draft || busy}
          onClick={() => void saveAndCheck()}
        >
          {busy ? 'Checking…' : draft?.enabled ? 'Save and check now' : 'Save'}
        </button>
      </div>
    </>
  );
}

function SettingsPanel({
  status,
  onStatus,
  onClose,
}: {
  status: UpdateStatus | null;
  onStatus: (s: UpdateStatus) => void;
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  // Opened, the popover takes the focus, so the keyboard is where the eyes are.
  useEffect(() => {
    panelRef.current?.focus();
  }, []);
  return (
    // A popover over the status bar, not a modal: the bar's own "What's new" link stays usable.
    // Esc closes it from anywhere inside (UpdateNotice puts the focus back on its button).
    <div
      ref={panelRef}
      className="upd-panel"
      role="dialog"
      aria-label="Update notifications"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <h2 className="upd-title">Update notifications</h2>
      <UpdateSettingsForm status={status} onStatus={onStatus}>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </UpdateSettingsForm>
    </div>
  );
}

/**
 * The status bar's update corner: says when a newer version exists (only when the user turned
 * checks on), and opens the update settings.
 */
export function UpdateNotice() {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** Closes the popover, the focus back on the button that opened it. */
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    // A failed call leaves the corner quiet: the settings panel shows the problem when opened.
    api.call('updates.check', {}).then(setStatus, () => undefined);
  }, []);

  return (
    <span className="upd">
      {status?.state === 'available' && (
        <span className="upd-available" data-testid="update-available">
          <span aria-hidden="true">⬆</span> Sightline {status.latest?.version} is available{' '}
          <ReleaseLink status={status} />
        </span>
      )}
      <button
        ref={toggleRef}
        type="button"
        className="btn-link upd-toggle"
        aria-expanded={open}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.preventDefault();
            close();
          }
        }}
        onClick={() => setOpen((o) => !o)}
      >
        Updates
      </button>
      {open && <SettingsPanel status={status} onStatus={setStatus} onClose={close} />}
    </span>
  );
}
