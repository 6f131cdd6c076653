// A slow log named by the desktop app's own means: its Open dialog and the path of a dropped
// file. Browser mode has neither (a page never learns a file's path, and uploading a log is not
// wanted), so there the path is typed.
import { useState, type DragEvent } from 'react';
import type { DesktopBridge } from '../app/port-transport';

/** What the desktop bridge may offer for naming a local file (absent in browser mode). */
interface FileBridge {
  /** The native Open dialog; the chosen file's path, or null when cancelled. */
  openFilePath?(options: { title: string }): Promise<string | null>;
  /** The path of a file dropped on the page (Electron's webUtils.getPathForFile). */
  pathForFile?(file: File): string;
}

function fileBridge(): FileBridge | null {
  const bridge = window.sightlineDesktop as (DesktopBridge & FileBridge) | undefined;
  return bridge ?? null;
}

/** The desktop app's Open dialog, or null where there is none (browser mode). */
export function desktopOpenDialog(): (() => Promise<string | null>) | null {
  const open = fileBridge()?.openFilePath;
  return open ? () => open({ title: 'Open a slow query log' }) : null;
}

/** What a drop says when it cannot give a path. */
export const DROP_IN_BROWSER =
  'Drop works in the desktop app; in the browser a page never learns where a file is. Type the path here.';

/**
 * Drag-and-drop of a log onto the screen: in the desktop app the dropped file's path goes to
 * `onPath`; elsewhere `notice` says to type it.
 */
export function useFileDrop(onPath: (path: string) => void): {
  notice: string | null;
  /** Forgets the notice (the user typed a path). */
  clearNotice: () => void;
  dropProps: {
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
  };
} {
  const [notice, setNotice] = useState<string | null>(null);
  const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');
  return {
    notice,
    clearNotice: () => setNotice(null),
    dropProps: {
      onDragOver: (e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDrop: (e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        const file = e.dataTransfer.files[0];
        const pathOf = fileBridge()?.pathForFile;
        const path = file && pathOf ? pathOf(file) : '';
        if (path) {
          setNotice(null);
          onPath(path);
        } else {
          setNotice(DROP_IN_BROWSER);
        }
      },
    },
  };
}
