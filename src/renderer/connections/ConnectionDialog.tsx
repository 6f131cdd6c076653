import type { SavedConnection } from '../../shared/api/connection';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { ConnectionSection } from './ConnectionSection';
import { ConnectionTestResult } from './ConnectionTestResult';
import { DraftFormContext } from './draft-form';
import { ServerSection } from './ServerSection';
import { SessionSection } from './SessionSection';
import { SshSection } from './SshSection';
import { TlsSection } from './TlsSection';
import { useConnectionForm } from './use-connection-form';
import { useTestAndSave } from './use-test-and-save';
import './connections.css';

/**
 * A new or saved connection's settings, in two columns of sections whose fields bind to the
 * draft by name; Test tries them without saving, Save keeps them.
 */
export function ConnectionDialog({
  existing,
  onClose,
  onSaved,
}: {
  existing: SavedConnection | null;
  onClose: () => void;
  onSaved: (saved: SavedConnection) => void;
}) {
  const form = useConnectionForm(existing);
  const { busy, tested, saveError, test, save, trustHostKey, trustTlsCert } = useTestAndSave(
    form,
    onSaved,
  );
  const close = () => {
    form.forget();
    onClose();
  };
  const title = existing ? `Edit connection “${existing.name}”` : 'New connection';

  return (
    <Modal
      size="wide"
      title={
        <>
          <span className={`color-dot color-${form.draft.color}`} aria-hidden="true" /> {title}
        </>
      }
      onClose={close}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      actions={
        <>
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
        </>
      }
    >
      {form.recovered && (
        <Notice severity="info" role="status">
          Restored what you had typed before the app closed.
        </Notice>
      )}
      <DraftFormContext.Provider value={form}>
        <div className="form-grid">
          <div className="form-col">
            {/* How the link is made and secured on the left, the server and the session it
                opens on the right: the two columns end at about the same height. */}
            <ConnectionSection />
            <TlsSection />
            <SshSection />
          </div>
          <div className="form-col">
            <ServerSection />
            <SessionSection />
          </div>
        </div>
      </DraftFormContext.Provider>
      <ConnectionTestResult
        busy={busy}
        tested={tested}
        saveError={saveError}
        savedPasswords={Boolean(existing?.secrets.password || existing?.secrets.sshPassword)}
        onTrust={trustHostKey}
        savedPassword={Boolean(existing?.secrets.password)}
        onTrustCert={trustTlsCert}
      />
    </Modal>
  );
}
