import type { Theme } from '@glideapps/glide-data-grid';
import { useEffect, useState } from 'react';
import { followColorScheme } from '../ui/color-scheme';
import { gridTheme } from './grid-theme';

/**
 * The grid's theme, read again whenever the system switches between light and dark while the
 * app runs: the canvas cannot follow the CSS variables by itself (as Monaco cannot).
 */
export function useGridTheme(): Partial<Theme> {
  const [theme, setTheme] = useState(gridTheme);
  // followColorScheme calls back at once too: the first read may predate the stylesheet.
  useEffect(() => followColorScheme(() => setTheme(gridTheme())), []);
  return theme;
}
