import { useSyncExternalStore } from 'react';

/** Servers with errant transactions, as the last topology discovery of a connection found. */
export interface ErrantSummary {
  /** Node ids (`host:port`) with errant transactions or MariaDB local writes. */
  nodeIds: string[];
}

const byConnection = new Map<string, ErrantSummary>();
const listeners = new Set<() => void>();

/**
 * Records what a connection's replication screen found, so every screen of that connection
 * (its editor header included) can warn, not only the replication tab.
 */
export function reportErrant(connectionId: string, nodeIds: string[]): void {
  const before = byConnection.get(connectionId)?.nodeIds.join(',') ?? '';
  if (before === nodeIds.join(',')) return;
  if (nodeIds.length === 0) byConnection.delete(connectionId);
  else byConnection.set(connectionId, { nodeIds: [...nodeIds] });
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The errant summary of a connection, or null when none was found (or none looked yet). */
export function useErrantSummary(connectionId: string): ErrantSummary | null {
  return useSyncExternalStore(subscribe, () => byConnection.get(connectionId) ?? null);
}
