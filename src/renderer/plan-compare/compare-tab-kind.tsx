import { Glyph } from '../ui/Glyph';
import type { TabBodyProps, TabKind } from '../shell/tabs/tab-kind';
import type { TabOf } from '../shell/tabs/tab-model';
import { CompareScreen } from './CompareScreen';

function CompareTabBody({ tab }: TabBodyProps<TabOf<'compare'>>) {
  return <CompareScreen key={tab.version} initial={tab.plans} />;
}

/** Two plans side by side: one tab, each new pair starting it afresh. */
export const compareTabKind: TabKind<TabOf<'compare'>> = {
  title: () => 'Compare plans',
  icon: () => <Glyph name="compare" />,
  Body: CompareTabBody,
};
