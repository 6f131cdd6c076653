import type { LockWait } from './lock-wait';

/** Who a session waits for and how it ends: the chain of blockers up to the root one. */
export interface Blocking {
  /** Sessions this one waits for directly. */
  blockedBy: number[];
  /**
   * The path to a root blocker, starting with this session's first blocker: `[b, a]` means this
   * waits for b, which waits for a, which waits for nobody. Ends early at a cycle (a deadlock
   * InnoDB has not resolved yet), with `cycle` set.
   */
  chain: number[];
  /** The session at the end of the chain (what to look at first). */
  root: number;
  cycle: boolean;
}

/** The waits of a snapshot, read as who blocks whom. */
export interface BlockingModel {
  /** For each waiting session. */
  waiting: Map<number, Blocking>;
  /** For each blocking session, how many sessions wait for it, directly or further down. */
  blocks: Map<number, number>;
  /** Sessions that block others and wait for nobody: where chains end. */
  roots: number[];
}

/**
 * Reads lock waits (row and metadata alike) as chains to their root blockers. A session with
 * several blockers follows the first one (lowest id) for its chain; all are in `blockedBy`.
 */
export function blockingModel(waits: readonly LockWait[]): BlockingModel {
  const direct = new Map<number, number[]>();
  for (const w of waits) {
    if (w.waitingId === w.blockingId) continue;
    const list = direct.get(w.waitingId) ?? [];
    if (!list.includes(w.blockingId)) list.push(w.blockingId);
    direct.set(w.waitingId, list);
  }
  for (const list of direct.values()) list.sort((a, b) => a - b);

  const waiting = new Map<number, Blocking>();
  for (const [id, blockedBy] of direct) {
    const chain: number[] = [];
    const visited = new Set([id]);
    let cycle = false;
    let next: number | undefined = blockedBy[0];
    while (next !== undefined) {
      if (visited.has(next)) {
        cycle = true;
        break;
      }
      visited.add(next);
      chain.push(next);
      next = direct.get(next)?.[0];
    }
    waiting.set(id, { blockedBy, chain, root: chain[chain.length - 1] ?? id, cycle });
  }

  const blocks = new Map<number, number>();
  for (const id of direct.keys()) {
    // Everyone up every path from this waiter is holding it up.
    const up = new Set<number>();
    const stack = [...(direct.get(id) ?? [])];
    while (stack.length > 0) {
      const b = stack.pop()!;
      if (up.has(b) || b === id) continue;
      up.add(b);
      stack.push(...(direct.get(b) ?? []));
    }
    for (const b of up) blocks.set(b, (blocks.get(b) ?? 0) + 1);
  }
  const roots = [...blocks.keys()].filter((id) => !direct.has(id)).sort((a, b) => a - b);
  return { waiting, blocks, roots };
}
