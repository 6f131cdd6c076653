import { describe, expect, it } from 'vitest';
import {
  ConnectionSettingsSchema,
  defaultConnectionSettings,
} from '../../../src/shared/api/connection';
import {
  draftFromSettings,
  settingsFromDraft,
} from '../../../src/renderer/connections/connection-draft';

describe('the scratch flag of a connection', () => {
  it('defaults to false, also for connections saved before it existed', () => {
    expect(defaultConnectionSettings().scratch).toBe(false);
    const { scratch: _, ...old } = { ...defaultConnectionSettings(), name: 'old' };
    expect(ConnectionSettingsSchema.parse(old).scratch).toBe(false);
  });

  it('survives the connection dialog’s draft both ways', () => {
    const settings = { ...defaultConnectionSettings(), name: 'test copy', scratch: true };
    const draft = draftFromSettings(settings);
    expect(draft.scratch).toBe(true);
    const back = settingsFromDraft(draft);
    expect(back.ok && back.settings.scratch).toBe(true);
    const cleared = settingsFromDraft({ ...draft, scratch: false });
    expect(cleared.ok && cleared.settings.scratch).toBe(false);
  });
});
