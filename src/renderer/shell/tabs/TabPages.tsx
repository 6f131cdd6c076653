import { tabId, tabPanelId } from '../../ui/Tabs';
import { kindOf, type TabKinds } from './tab-kind';
import type { TabsState } from './tab-model';

/**
 * Every tab's body, the one in front shown: the others stay mounted so their text, results,
 * filters and charts survive a switch.
 */
export function TabPages({ state, kinds }: { state: TabsState; kinds: TabKinds }) {
  return state.tabs.map((tab) => {
    const kind = kindOf(kinds, tab);
    const active = tab.id === state.activeId;
    return (
      <div
        key={tab.id}
        role="tabpanel"
        id={tabPanelId(tab.id)}
        aria-labelledby={tabId(tab.id)}
        className={`tab-page${kind.pageClassName ? ` ${kind.pageClassName}` : ''}`}
        hidden={!active}
      >
        <kind.Body tab={tab} active={active} />
      </div>
    );
  });
}
