import type { RefObject } from 'react';
import { EDITOR_SPLIT, saveEditorSplit } from '../app/layout-store';

const clamp = (split: number) => Math.min(EDITOR_SPLIT.max, Math.max(EDITOR_SPLIT.min, split));

/**
 * The bar between the editor and its results: drag it, or move it with the arrow keys; where
 * the user leaves it is remembered for the next editor.
 */
export function ResultsSplitter({
  split,
  onSplit,
  areaRef,
}: {
  /** The editor's share of the area's height. */
  split: number;
  onSplit: (split: number) => void;
  /** The area split between editor and results. */
  areaRef: RefObject<HTMLDivElement | null>;
}) {
  const startDrag = (e: React.PointerEvent) => {
    const area = areaRef.current;
    if (!area) return;
    const rect = area.getBoundingClientRect();
    let last = split;
    const move = (ev: PointerEvent) => {
      last = clamp((ev.clientY - rect.top) / rect.height);
      onSplit(last);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      saveEditorSplit(last);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    e.preventDefault();
  };

  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Editor and results split"
      aria-valuemin={EDITOR_SPLIT.min * 100}
      aria-valuemax={EDITOR_SPLIT.max * 100}
      aria-valuenow={Math.round(split * 100)}
      tabIndex={0}
      onPointerDown={startDrag}
      onKeyDown={(e) => {
        const step = e.key === 'ArrowUp' ? -0.05 : e.key === 'ArrowDown' ? 0.05 : 0;
        if (step === 0) return;
        e.preventDefault();
        const next = clamp(split + step);
        onSplit(next);
        saveEditorSplit(next);
      }}
    />
  );
}
