import type { Promotion } from '../../shared/replication/promotion';

/**
 * Whether a replica could replace its source for its siblings, in one line: yes; only once it
 * has caught up (what it lacks, its sources have: lag); or no (it lacks what they will never
 * send, or purged what a sibling would need).
 */
export function PromotionLine({ promotion }: { promotion: Promotion }) {
  const { canPromote, peers, missing, behind, purgedButNeeded } = promotion;
  if (canPromote)
    return (
      <p data-promotion="yes">
        {`✔ Can replace its source for ${peers.join(', ')}: it lacks nothing they have and keeps what they would need.`}
      </p>
    );
  const lagOnly = missing.length === 0 && purgedButNeeded.length === 0;
  if (lagOnly)
    return (
      <p data-promotion="behind">
        {`◷ Can replace its source once it has caught up: it ${behind
          .map((m) => `lacks ${m.gtids} that ${m.peer} has`)
          .join('; ')}, which its source has too (lag, not divergence).`}
      </p>
    );
  return (
    <p data-promotion="no">
      {`✖ Cannot replace its source yet: ${[
        ...missing.map((m) => `lacks ${m.gtids} that ${m.peer} has`),
        ...purgedButNeeded.map((m) => `purged ${m.gtids} that ${m.peer} would need`),
        ...behind.map((m) => `is behind ${m.peer} by ${m.gtids}`),
      ].join('; ')}.`}
    </p>
  );
}
