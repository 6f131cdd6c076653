import type { LockWait } from './lock-wait';

/** One row of performance_schema.metadata_locks. */
export interface MetadataLock {
  objectType: string;
  schema: string | null;
  name: string | null;
  lockType: string;
  /** `GRANTED`, `PENDING`, ... */
  status: string;
  ownerThreadId: number;
}

const ORDER = [
  'SHARED',
  'SHARED_HIGH_PRIO',
  'SHARED_READ',
  'SHARED_WRITE',
  'SHARED_WRITE_LOW_PRIO',
  'SHARED_UPGRADABLE',
  'SHARED_READ_ONLY',
  'SHARED_NO_WRITE',
  'SHARED_NO_READ_WRITE',
  'EXCLUSIVE',
] as const;

/**
 * The server's compatibility matrices for object (table) metadata locks, from mdl.cc: for each
 * requested type, which types already granted (first string) or queued ahead (second) let it
 * through, in ORDER, `+` compatible, `-` not.
 */
const MATRIX: Record<(typeof ORDER)[number], [string, string]> = {
  SHARED: ['+++++++++-', '+++++++++-'],
  SHARED_HIGH_PRIO: ['+++++++++-', '++++++++++'],
  SHARED_READ: ['++++++++--', '++++++++--'],
  SHARED_WRITE: ['++++++----', '+++++++---'],
  SHARED_WRITE_LOW_PRIO: ['++++++----', '++++++----'],
  SHARED_UPGRADABLE: ['+++++-+---', '+++++++++-'],
  SHARED_READ_ONLY: ['+++--+++--', '+++-+++++-'],
  SHARED_NO_WRITE: ['+++---+---', '+++++++++-'],
  SHARED_NO_READ_WRITE: ['++--------', '+++++++++-'],
  EXCLUSIVE: ['----------', '++++++++++'],
};

/** Whether `requested` must wait for `other` (granted, or pending ahead of it). */
function conflicts(requested: string, other: string, otherGranted: boolean): boolean {
  const row = MATRIX[requested as (typeof ORDER)[number]];
  const column = ORDER.indexOf(other as (typeof ORDER)[number]);
  // Lock types outside the table matrix (scoped, backup, user locks): any holder is in the way.
  if (!row || column < 0) return otherGranted;
  return row[otherGranted ? 0 : 1][column] === '-';
}

/**
 * Metadata-lock waits from performance_schema.metadata_locks: each PENDING request waits for the
 * other threads' GRANTED locks on the same object that conflict with it, or, when none does,
 * for the conflicting requests queued before it (a pending EXCLUSIVE holds back later readers).
 * Threads are named by performance_schema THREAD_ID; `processOf` turns them into processlist
 * ids (threads without one are left out).
 */
export function metadataLockWaits(
  locks: readonly MetadataLock[],
  processOf: (threadId: number) => number | null,
): LockWait[] {
  const byObject = new Map<string, MetadataLock[]>();
  for (const lock of locks) {
    const key = `${lock.objectType}\u0000${lock.schema ?? ''}\u0000${lock.name ?? ''}`;
    const list = byObject.get(key);
    if (list) list.push(lock);
    else byObject.set(key, [lock]);
  }
  const waits: LockWait[] = [];
  const seen = new Set<string>();
  for (const list of byObject.values()) {
    for (const request of list) {
      if (request.status !== 'PENDING') continue;
      const waitingId = processOf(request.ownerThreadId);
      if (waitingId === null) continue;
      const others = list.filter((l) => l.ownerThreadId !== request.ownerThreadId);
      let blockers = others.filter(
        (l) => l.status === 'GRANTED' && conflicts(request.lockType, l.lockType, true),
      );
      let granted = true;
      if (blockers.length === 0) {
        blockers = others.filter(
          (l) => l.status === 'PENDING' && conflicts(request.lockType, l.lockType, false),
        );
        granted = false;
      }
      for (const blocker of blockers) {
        const blockingId = processOf(blocker.ownerThreadId);
        if (blockingId === null || blockingId === waitingId) continue;
        const key = `${waitingId}:${blockingId}:${request.objectType}:${request.schema}:${request.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        waits.push({
          kind: 'metadata',
          waitingId,
          blockingId,
          schema: request.schema,
          object: request.name ?? request.objectType,
          index: null,
          waitingMode: request.lockType,
          blockingMode: blocker.lockType,
          granted,
        });
      }
    }
  }
  return waits;
}
