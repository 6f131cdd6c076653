import { Glyph } from '../ui/Glyph';
import { Notice } from '../ui/Notice';
import { useShell } from '../shell/shell-services';
import type { TabBodyProps, TabKind } from '../shell/tabs/tab-kind';
import { compareName, MAX_COMPARE_TABS, shownSides, type TabOf } from '../shell/tabs/tab-model';
import { planLabel } from '../plan/plan-tab-title';
import { clockTime } from '../ui/clock-time';
import { CompareScreen } from './CompareScreen';

type CompareTabModel = TabOf<'compare'>;

/**
 * What the strip shows of a compare tab, where there is room for a few words: why it was
 * opened, else the start of each side's statement (as plan tabs show theirs).
 */
function compareLabel(tab: CompareTabModel): string {
  if (tab.plans.title !== undefined) return tab.plans.title;
  const { before, after } = shownSides(tab);
  return `${before ? planLabel(before) : '?'} ⇄ ${after ? planLabel(after) : '?'}`;
}

function CompareTabBody({ tab }: TabBodyProps<CompareTabModel>) {
  const shell = useShell();
  return (
    <CompareScreen
      initial={tab.plans}
      // Why they are compared, when said; the columns name the two plans.
      title={tab.plans.title ?? 'Compare plans'}
      onShown={(sides) => shell.compareShown(tab.id, sides)}
      notice={
        tab.replaced && (
          <Notice severity="info" role="note" testId="cmp-replaced">
            {MAX_COMPARE_TABS} compare tabs are open at most: the one used least recently, “
            {tab.replaced.title}” ({clockTime(tab.replaced.at)}), was closed to make room.
          </Notice>
        )
      }
    />
  );
}

/** Two plans side by side: one tab per pair compared, named by why or by the two plans. */
export const compareTabKind: TabKind<CompareTabModel> = {
  title: (tab) => `Compare · ${compareName(tab)} · ${clockTime(tab.at)}`,
  label: (tab) => (
    <>
      <span className="tab-name">{compareLabel(tab)}</span>
      <span className="tab-slot"> {clockTime(tab.at, false)}</span>
    </>
  ),
  icon: () => (
    <>
      <Glyph name="compare" />
      <span className="sr-only">Compare: </span>
    </>
  ),
  data: () => ({ 'data-compare-tab': 'true' }),
  Body: CompareTabBody,
};
