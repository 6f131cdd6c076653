import { asString, readUiState, writeUiState } from '../data/ui-state';

/**
 * The plan text pasted last, kept for next time in the UI state store (the old localStorage key
 * moves in on first read).
 */
const NAME = 'plan.text';
const LEGACY_KEY = 'sightline.plan-text';
/**
 * Longer texts are not kept: the store is one entry rewritten on every change, and a plan of
 * megabytes would make every saved filter or split cost as much (or fill the browser's quota).
 */
export const PLAN_TEXT_KEEP_LIMIT = 256 * 1024;

export function loadPlanText(): string {
  return readUiState(NAME, asString, LEGACY_KEY, 'text') ?? '';
}

export function savePlanText(text: string): void {
  writeUiState(NAME, text === '' || text.length > PLAN_TEXT_KEEP_LIMIT ? undefined : text);
}
