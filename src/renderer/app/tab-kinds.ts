import { editorTabKind } from '../editor/editor-tab-kind';
import { compareTabKind } from '../plan-compare/compare-tab-kind';
import { planTabKind } from '../plan/plan-tab-kind';
import { settingsTabKind } from '../settings/settings-tab-kind';
import { toolTabKind } from '../shell/tabs/tool-tab-kind';
import type { TabKinds } from '../shell/tabs/tab-kind';

/** Every kind of tab, each registered by its feature (server tools in tool-registry.ts). */
export const tabKinds: TabKinds = {
  editor: editorTabKind,
  tool: toolTabKind,
  plan: planTabKind,
  compare: compareTabKind,
  settings: settingsTabKind,
};
