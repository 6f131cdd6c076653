import { Glyph } from '../ui/Glyph';
import { useShell } from '../shell/shell-services';
import type { TabKind } from '../shell/tabs/tab-kind';
import type { TabOf } from '../shell/tabs/tab-model';
import { SettingsScreen } from './SettingsScreen';

function SettingsTabBody() {
  const shell = useShell();
  return <SettingsScreen dataDir={shell.appInfo?.dataDir ?? null} />;
}

/** The settings screen, in a tab of its own. */
export const settingsTabKind: TabKind<TabOf<'settings'>> = {
  title: () => 'Settings',
  icon: () => <Glyph name="settings" />,
  Body: SettingsTabBody,
};
