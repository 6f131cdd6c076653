import type { TopologyNode } from './topology-model';

/**
 * Why a node's errant transactions were not checked again after a fix, or null when they were:
 * the new discovery did not reach it, it could not be read, or nothing could be compared with
 * it. "No errant transactions left" may only be said when this is null.
 */
export function recheckGap(nodeId: string, again: TopologyNode | undefined): string | null {
  if (!again) return `${nodeId} was not reached by the new discovery.`;
  if (!again.reachable)
    return `${nodeId} could not be read: ${again.error?.message ?? 'no answer.'}`;
  return again.errantUnchecked;
}
