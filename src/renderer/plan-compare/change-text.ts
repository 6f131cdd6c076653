import type { NodePair } from '../../shared/explain/plan-compare';

/** How a node of one plan stands to the other, in words. */
export const CHANGE_TEXT: Record<NodePair['change'], string> = {
  same: '',
  changed: 'changed',
  added: 'only after',
  removed: 'only before',
};
