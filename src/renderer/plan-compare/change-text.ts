import type { PairStatus } from '../../shared/explain/plan-diff';

/** How a node of one plan stands to the other, in words. */
export const CHANGE_TEXT: Record<PairStatus, string> = {
  same: '',
  changed: 'changed',
  added: 'only after',
  removed: 'only before',
};
