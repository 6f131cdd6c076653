import { useCallback, useState } from 'react';
import { loadRailCollapsed, saveRailCollapsed } from '../app/layout-store';

/** Whether the connection rail is folded, remembered across restarts. */
export function useRailCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(loadRailCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((c) => {
      saveRailCollapsed(!c);
      return !c;
    });
  }, []);
  return [collapsed, toggle];
}
