import { Notice } from '../ui/Notice';

/**
 * Said while the editor's text cannot be kept for the next start (the browser's storage for
 * Sightline's screens is full): the text is only in this window, so a crash or a restart would
 * lose it, unless it is saved as a file.
 */
export function TextNotKeptNotice({ onSaveAsFile }: { onSaveAsFile: () => void }) {
  return (
    <Notice
      severity="warning"
      role="alert"
      className="editor-text-not-kept"
      testId="editor-text-not-kept"
      title="This text is not kept for the next start"
      actions={
        <button type="button" className="btn-small" onClick={onSaveAsFile}>
          Save as .sql file…
        </button>
      }
    >
      The storage Sightline keeps editor text in is full (the texts of all editors together), so
      this text is only in this window: closing Sightline or a crash would lose it. Save it as a
      file, or make the texts of your editors shorter.
    </Notice>
  );
}
