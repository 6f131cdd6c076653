import { useMemo } from 'react';
import { tabId, tabPanelId } from '../../ui/Tabs';
import { OpenPlansContext, type OpenPlan } from './open-plans';
import { kindOf, type TabKinds } from './tab-kind';
import { openPlans, type TabsState } from './tab-model';

/**
 * Every tab's body, the one in front shown: the others stay mounted so their text, results,
 * filters and charts survive a switch. The bodies can see which plans are open (to compare).
 */
export function TabPages({ state, kinds }: { state: TabsState; kinds: TabKinds }) {
  const tabs = state.tabs;
  const plans = useMemo(
    () =>
      openPlans(tabs).map(({ tab, plan }): OpenPlan => ({
        tabId: tab.id,
        name: kindOf(kinds, tab).title(tab, undefined),
        plan,
      })),
    // Only the tabs matter: the front tab changing leaves the list as it was.
    [tabs, kinds],
  );
  return (
    <OpenPlansContext.Provider value={plans}>
      {tabs.map((tab) => {
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
      })}
    </OpenPlansContext.Provider>
  );
}
