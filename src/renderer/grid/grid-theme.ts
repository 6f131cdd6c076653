import type { Theme } from '@glideapps/glide-data-grid';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The grid in the app's colours, read from the theme's CSS variables (light or dark). */
export function gridTheme(): Partial<Theme> {
  return {
    accentColor: cssVar('--accent', '#1f6feb'),
    accentLight: 'rgba(31, 111, 235, 0.15)',
    textDark: cssVar('--text', '#1c2128'),
    textMedium: cssVar('--text-muted', '#5a6472'),
    textLight: cssVar('--text-muted', '#5a6472'),
    textHeader: cssVar('--text-muted', '#5a6472'),
    bgCell: cssVar('--surface', '#ffffff'),
    bgCellMedium: cssVar('--surface-2', '#eef0f3'),
    bgHeader: cssVar('--surface-2', '#eef0f3'),
    bgHeaderHasFocus: cssVar('--surface-2', '#eef0f3'),
    bgHeaderHovered: cssVar('--border', '#d5d9e0'),
    borderColor: cssVar('--border', '#d5d9e0'),
    horizontalBorderColor: cssVar('--border', '#d5d9e0'),
    fontFamily: cssVar('--mono', 'monospace'),
    baseFontStyle: '13px',
    headerFontStyle: '600 12px',
    editorFontSize: '13px',
  };
}
