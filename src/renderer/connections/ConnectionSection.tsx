import { ColorTagPicker } from './ColorTagPicker';
import { CheckField, TextField } from './DraftFields';

/** The connection itself: its name, colour tag, and the marks that guard what runs on it. */
export function ConnectionSection() {
  return (
    <fieldset>
      <legend>Connection</legend>
      <TextField label="Name" field="name" data-autofocus />
      <ColorTagPicker />
      <CheckField field="production">
        Production (destructive actions need the name typed)
      </CheckField>
      <CheckField field="readOnly">Read-only (writes need confirmation)</CheckField>
      <CheckField field="scratch">Scratch server (tuning may try indexes)</CheckField>
    </fieldset>
  );
}
