import type { StoreWriteStatus, WrittenStore } from '../../shared/api/store-writes';

const WHAT: Record<WrittenStore, { title: string; one: string; many: string }> = {
  history: { title: 'The query history', one: 'statement', many: 'statements' },
  plans: { title: 'The plans kept as evidence', one: 'plan', many: 'plans' },
  settings: { title: 'The settings', one: 'settings change', many: 'settings changes' },
  'alter-history': { title: 'The ALTER history', one: 'ALTER run', many: 'ALTER runs' },
};

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission was denied',
  EPERM: 'permission was denied',
  EIO: 'the disk reported an input/output error',
};

/** One sentence for a store whose writes fail: what, why, what is at stake, what happens next. */
export function storeWriteSentence(status: StoreWriteStatus): string {
  const what = WHAT[status.store];
  const reason =
    (status.errorCode !== null ? REASONS[status.errorCode] : undefined) ??
    status.error ??
    'the write failed';
  const n = status.unsaved;
  const them = n === 1 ? 'it' : 'them';
  const kept =
    n === 0
      ? ''
      : ` ${n.toLocaleString('en-US')} ${n === 1 ? `${what.one} is` : `${what.many} are`} kept in ` +
        `memory and saved as soon as the disk takes ${them} (retrying); closing Sightline ` +
        `before then loses ${them}.`;
  return `${what.title} could not be saved to ${status.path}: ${reason}.${kept}`;
}
