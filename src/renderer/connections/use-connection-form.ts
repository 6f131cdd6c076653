import { useEffect, useState } from 'react';
import type { ConnectionSettings, SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import {
  draftFieldOf,
  draftFromSettings,
  settingsFromDraft,
  settingsOf,
  type ConnectionDraft,
  type DraftErrors,
} from './connection-draft';
import type { DraftForm } from './draft-form';
import { forgetDraft, keepDraft, recoverDraft } from './draft-store';

export interface ConnectionForm extends DraftForm {
  /** The draft was restored from one kept when the app closed with the dialog open. */
  recovered: boolean;
  /** The settings `d` stands for, or null with its errors shown on their fields. */
  validated: (d?: ConnectionDraft) => ConnectionSettings | null;
  /** Shows a backend refusal that names a request field on the form field it came from. */
  showFieldError: (error: ApiErrorShape) => void;
  /** Drops the kept draft: the dialog is closing or its connection was saved. */
  forget: () => void;
}

/**
 * The connection dialog's form state: the draft (restored after a crash, kept while it is
 * edited), its field errors, and the settings it validates to.
 */
export function useConnectionForm(existing: SavedConnection | null): ConnectionForm {
  const id = existing?.id;
  const [start] = useState(() => {
    const kept = recoverDraft(id);
    return {
      // Fields added since the draft was kept take their saved (or default) values.
      draft: { ...draftFromSettings(existing ? settingsOf(existing) : undefined), ...kept },
      recovered: kept !== undefined,
    };
  });
  const [draft, setDraft] = useState<ConnectionDraft>(start.draft);
  const [errors, setErrors] = useState<DraftErrors>({});

  useEffect(() => keepDraft(id, draft), [draft, id]);

  const update: DraftForm['update'] = (change, field) => {
    setDraft(change);
    if (field !== undefined) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return {
    draft,
    errors,
    existing,
    recovered: start.recovered,
    set: (key, value) => update((d) => ({ ...d, [key]: value }), key),
    update,
    validated: (d = draft) => {
      const result = settingsFromDraft(d);
      if (result.ok) return result.settings;
      setErrors(result.errors);
      return null;
    },
    showFieldError: (error) => {
      const field = error.field ? draftFieldOf(error.field) : undefined;
      if (field)
        setErrors((e) => ({
          ...e,
          [field]: error.message.replace(/^Invalid request to [\w.]+: /, ''),
        }));
    },
    forget: () => forgetDraft(id),
  };
}
