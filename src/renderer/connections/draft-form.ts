import { createContext, useContext } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ConnectionDraft, DraftErrors, DraftField } from './connection-draft';

/**
 * What the connection dialog's fields bind to by name: the draft, its errors and the setters.
 * The dialog provides it once; each field reads its own value and error from it.
 */
export interface DraftForm {
  draft: ConnectionDraft;
  errors: DraftErrors;
  /** The connection being edited; null for a new one. */
  existing: SavedConnection | null;
  /** Sets one field and clears its error. */
  set: <K extends DraftField>(key: K, value: ConnectionDraft[K]) => void;
  /** Replaces the draft with what `change` makes of it, clearing the error of `field`. */
  update: (change: (d: ConnectionDraft) => ConnectionDraft, field?: DraftField) => void;
}

export const DraftFormContext = createContext<DraftForm | null>(null);

/** The form of the connection dialog around the calling field. */
export function useDraftForm(): DraftForm {
  const form = useContext(DraftFormContext);
  if (form === null) throw new Error('A connection draft field is used outside its dialog');
  return form;
}
