import type { StatementFlipView } from '../../shared/api/tuning';
import { flipSummary } from '../../shared/tuning/flip-latency';
import type { ToolScreenProps } from '../app/tool-screen';
import { planOfRecord } from '../plan-compare/plan-sources';

/** Opens the compare of a flip's two plans: the one before, and the one it changed to. */
export function compareFlip(flip: StatementFlipView, showCompare: ToolScreenProps['showCompare']) {
  showCompare?.({
    title: `Plan changed ${flip.at.slice(0, 16).replace('T', ' ')} UTC`,
    before: planOfRecord(flip.before),
    after: planOfRecord(flip.after),
  });
}

/**
 * The flag on a top statement whose plan changed shape: when, and the average latency under
 * the old and the new plan ("—" where the kept plans cannot tell); a click opens the compare.
 */
export function FlipFlag({
  flip,
  showCompare,
}: {
  flip: StatementFlipView;
  showCompare: ToolScreenProps['showCompare'];
}) {
  const words = flipSummary(flip.at, flip.latencyBefore, flip.latencyAfter);
  return (
    <button
      type="button"
      className="tune-flip"
      data-testid="tune-flip"
      title={`${words}. Open the compare of the two plans (${flip.latencyBefore.calls} calls measured before, ${flip.latencyAfter.calls} after).`}
      onClick={(e) => {
        // The row's own click selects it; this one opens the compare only.
        e.stopPropagation();
        compareFlip(flip, showCompare);
      }}
    >
      ⚠ {words}
    </button>
  );
}
