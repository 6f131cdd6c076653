import { Glyph } from '../ui/Glyph';
import { useShell } from '../shell/shell-services';
import type { TabBodyProps, TabKind } from '../shell/tabs/tab-kind';
import type { TabOf } from '../shell/tabs/tab-model';
import { PlanScreen } from './PlanScreen';

function PlanTabBody({ tab }: TabBodyProps<TabOf<'plan'>>) {
  const shell = useShell();
  return (
    <PlanScreen
      // A new plan from an editor starts the screen afresh.
      key={tab.version}
      {...(tab.plan ? { initial: tab.plan } : {})}
      onCompare={(before) => shell.showCompare({ title: 'Compare plans', before, after: null })}
    />
  );
}

/** The plan screen: one tab, showing the plan last explained or pasted. */
export const planTabKind: TabKind<TabOf<'plan'>> = {
  title: () => 'Plan',
  icon: () => <Glyph name="plan" />,
  Body: PlanTabBody,
};
