import type { Promotion } from '../../shared/replication/promotion';
import { promotionText } from './promotion-text';

/** The promotion verdict of a replica in one line (see promotionText). */
export function PromotionLine({ promotion }: { promotion: Promotion }) {
  const { kind, text } = promotionText(promotion);
  return <p data-promotion={kind}>{text}</p>;
}
