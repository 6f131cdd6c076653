import { useEffect, useMemo, useState } from 'react';
import { useLatest } from '../ui/use-latest';
import { CommandPalette } from './CommandPalette';
import { HelpOverlay } from './HelpOverlay';
import { shellCommands, type ShellContext } from './shell-commands';
import { isApple, shellKeyAction, shortcutKeys } from './shortcuts';
import type { ToolKind } from './tool-screen';

/** True when keys typed now go into a text field (where `?` is just a character). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    target.closest('.monaco-editor') !== null
  );
}

/**
 * The command palette, the shortcut help and the app-wide shortcuts that open them, make a new
 * editor and close a tab. Keys are caught before the editor sees them, so they work everywhere.
 */
export function ShellOverlays({ context }: { context: ShellContext<ToolKind> }) {
  const apple = useMemo(() => isApple(navigator.platform), []);
  const [open, setOpen] = useState<'palette' | 'help' | null>(null);
  // App rebuilds its context each render; the key listener reads the latest without re-binding.
  const contextRef = useLatest(context);

  const commands = useMemo(
    () => [
      ...shellCommands(context, apple),
      {
        id: 'help',
        title: 'Keyboard shortcuts',
        group: 'Help',
        shortcut: shortcutKeys('help', apple)[0]!,
        keywords: 'help keys',
        run: () => setOpen('help'),
      },
    ],
    [context, apple],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shellKeyAction(e, typingIn(e.target), apple);
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      const ctx = contextRef.current;
      if (action === 'palette') setOpen((o) => (o === 'palette' ? null : 'palette'));
      else if (action === 'help') setOpen((o) => (o === 'help' ? null : 'help'));
      else if (action === 'settings') {
        setOpen(null);
        ctx.openSettings();
      } else if (action === 'new-editor') {
        setOpen(null);
        if (ctx.connection) ctx.newEditor(ctx.connection);
      } else {
        setOpen(null);
        if (ctx.hasActiveTab) ctx.closeTab();
      }
    };
    // Capture: Monaco would otherwise take Ctrl+K as the start of its own key chords.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [apple, contextRef]);

  if (open === 'palette')
    return <CommandPalette commands={commands} onClose={() => setOpen(null)} />;
  if (open === 'help') return <HelpOverlay apple={apple} onClose={() => setOpen(null)} />;
  return null;
}
