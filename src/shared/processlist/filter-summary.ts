import type { ProcessFilter } from './filters';

/**
 * The filter's active parts in a few words each, in the filter bar's order: what the folded
 * processlist toolbar shows, so a hidden filter is never forgotten. Empty when nothing narrows.
 */
export function describeFilter(filter: ProcessFilter): string[] {
  const out: string[] = [];
  if (filter.hideSleeping) out.push('no sleeping');
  if (filter.hideSystem) out.push('no system threads');
  const exact: Array<[keyof ProcessFilter, string]> = [
    ['user', 'user'],
    ['host', 'host'],
    ['schema', 'schema'],
    ['command', 'command'],
  ];
  for (const [key, word] of exact) {
    const value = String(filter[key]).trim();
    if (value) out.push(`${word} ${value}`);
  }
  if (filter.state.trim()) out.push(`state has “${filter.state.trim()}”`);
  if (filter.minSeconds > 0) out.push(`at least ${filter.minSeconds} s`);
  if (filter.text) out.push(`statement has “${filter.text}”`);
  return out;
}
