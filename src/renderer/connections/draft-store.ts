/**
 * The connection dialog's draft, kept in the UI state store while the dialog is open so a crash
 * or a reload never loses what was typed. Secrets are never kept.
 */
import { CONNECTION_COLORS, PasswordModeSchema, TLS_MODES } from '../../shared/api/connection';
import { readUiState, writeUiState } from '../data/ui-state';
import { draftFromSettings, draftWithoutSecrets, type ConnectionDraft } from './connection-draft';

/** The values each choice field may hold; a kept value outside them is dropped. */
const CHOICES: Partial<Record<keyof ConnectionDraft, readonly string[]>> = {
  color: CONNECTION_COLORS,
  endpointKind: ['tcp', 'socket'],
  passwordMode: PasswordModeSchema.options,
  tlsMode: TLS_MODES,
  sshAuth: ['password', 'key'],
};

/** The fields never read back from storage, whatever an old build may have written. */
const SECRETS = new Set<string>(['password', 'sshPassword', 'sshPassphrase']);

/**
 * The fields of a kept draft that still fit the form: each of the type the form holds (and one of
 * its choices for a choice field). Fields added since it was kept are simply absent.
 */
export function parseKeptDraft(raw: unknown): Partial<ConnectionDraft> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const template = draftFromSettings();
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (SECRETS.has(key) || !(key in template)) continue;
    const field = key as keyof ConnectionDraft;
    if (typeof value !== typeof template[field]) continue;
    const choices = CHOICES[field];
    if (choices && !choices.includes(value as string)) continue;
    kept[key] = value;
  }
  return kept as Partial<ConnectionDraft>;
}

/** The store's name for the draft of connection `id` (or of a new one), and its old key. */
function names(id: string | undefined): { name: string; legacyKey: string } {
  return {
    name: `connection-draft.${id ?? 'new'}`,
    legacyKey: `sightline.connection-draft.${id ?? 'new'}`,
  };
}

/** A draft left by a crash or reload while the dialog for `id` was open, if any. */
export function recoverDraft(id: string | undefined): Partial<ConnectionDraft> | undefined {
  const { name, legacyKey } = names(id);
  return readUiState(name, parseKeptDraft, legacyKey);
}

/** Keeps the draft (without its secrets) until the dialog is closed or saved. */
export function keepDraft(id: string | undefined, draft: ConnectionDraft): void {
  writeUiState(names(id).name, draftWithoutSecrets(draft));
}

/** Forgets the kept draft: the dialog was closed or its connection saved. */
export function forgetDraft(id: string | undefined): void {
  writeUiState(names(id).name, undefined);
}
