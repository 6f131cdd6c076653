import { useEffect } from 'react';
import { useLatest } from '../ui/use-latest';

/** What the shell (palette) can ask of an editor tab. */
export type EditorCommand =
  'run-statement' | 'run-all' | 'explain' | 'explain-analyze' | 'cancel' | 'history' | 'format';

const bus = new EventTarget();
const EVENT = 'editor-command';

/** Asks the editor on session `sessionId` to do `command` (as its own shortcut would). */
export function sendEditorCommand(sessionId: string, command: EditorCommand): void {
  bus.dispatchEvent(new CustomEvent(EVENT, { detail: { sessionId, command } }));
}

/** Calls `handle` with each command sent to the editor on `sessionId`. */
export function useEditorCommands(sessionId: string, handle: (command: EditorCommand) => void) {
  const handler = useLatest(handle);
  useEffect(() => {
    const listener = (e: Event) => {
      const { detail } = e as CustomEvent<{ sessionId: string; command: EditorCommand }>;
      if (detail.sessionId === sessionId) handler.current(detail.command);
    };
    bus.addEventListener(EVENT, listener);
    return () => bus.removeEventListener(EVENT, listener);
  }, [sessionId, handler]);
}
