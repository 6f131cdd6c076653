import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Menu } from './Menu';
import './tabs.css';

/** One tab of a strip. */
export interface TabItem {
  id: string;
  /** The full name: shown on hover and in the overflow menu, while the label may be cut short. */
  title: string;
  /** What the tab shows (cut with an ellipsis when the strip is crowded); the title if absent. */
  label?: ReactNode;
  icon?: ReactNode;
  className?: string;
  closeLabel: string;
  /** data-* attributes tests and the palette find a tab by. */
  data?: Readonly<Record<`data-${string}`, string>>;
}

/** The element id of a tab, for its panel's aria-labelledby. */
export const tabId = (id: string) => `tab-${id}`;
/** The element id the caller gives the panel a tab shows. */
export const tabPanelId = (id: string) => `tabpanel-${id}`;

/** Pixels a pressed pointer travels before a press becomes a drag (a click may wobble). */
const DRAG_THRESHOLD = 5;

interface Drag {
  id: string;
  pointerId: number;
  startX: number;
  moving: boolean;
  /** Where the tab would land, as its index once moved. */
  to: number;
}

/** The index a tab dragged to `x` lands at: after every other tab whose middle it passed. */
function dropIndex(strip: HTMLElement, id: string, x: number): number {
  const others = Array.from(strip.querySelectorAll<HTMLElement>('[role=tab]')).filter(
    (t) => t.dataset.tabId !== id,
  );
  return others.filter((t) => {
    const r = t.getBoundingClientRect();
    return r.left + r.width / 2 < x;
  }).length;
}

/** Scrolls the strip itself (never the page) so the tab is wholly in view. */
function revealTab(strip: HTMLElement, tab: HTMLElement): void {
  const s = strip.getBoundingClientRect();
  const t = tab.getBoundingClientRect();
  if (t.left < s.left) strip.scrollLeft -= s.left - t.left;
  else if (t.right > s.right) strip.scrollLeft += t.right - s.right;
}

/** Which ends of the strip hide tabs (scrolled past), so they fade instead of a hard cut. */
type Fade = 'none' | 'start' | 'end' | 'both';

function fadeOf(strip: HTMLElement): Fade {
  // A pixel of slack: fractional widths leave scrollWidth a hair above clientWidth.
  const start = strip.scrollLeft > 1;
  const end = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : 'none';
}

/** The strip's fade, kept up to date as it scrolls, resizes or its tabs change. */
function useFade(stripRef: RefObject<HTMLDivElement | null>, itemCount: number): Fade {
  const [fade, setFade] = useState<Fade>('none');
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const update = () => setFade(fadeOf(strip));
    update();
    strip.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(strip);
    for (const tab of Array.from(strip.children)) observer.observe(tab);
    return () => {
      strip.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [stripRef, itemCount]);
  return fade;
}

/**
 * A strip of tabs on one line: it scrolls sideways (the wheel too) instead of wrapping or
 * widening the page, cuts long labels with the full name on hover, lists every tab in a menu,
 * closes a tab on a middle click and reorders tabs by dragging (or Shift+arrow). Arrow keys,
 * Home and End move between tabs. Each tab controls the element `tabPanelId(id)` (the caller's
 * tabpanel); `children` are actions at the strip's end.
 */
export function Tabs({
  label,
  items,
  activeId,
  onSelect,
  onClose,
  onMove,
  children,
}: {
  /** The tablist's accessible name. */
  label: string;
  items: readonly TabItem[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onClose: (id: string) => void;
  onMove: (id: string, to: number) => void;
  children?: ReactNode;
}) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // A drag ends in a click on the tab it started on; that click must not select it.
  const justDragged = useRef(false);
  const fade = useFade(stripRef, items.length);

  useEffect(() => {
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(activeId ?? '')}"]`);
    if (strip && tab) revealTab(strip, tab);
  }, [activeId, items.length]);

  const focusTab = (index: number) => {
    const item = items[index];
    if (!item) return;
    onSelect(item.id);
    stripRef.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(item.id)}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((t) => t.id === activeId);
    const item = items[at];
    // Shift+arrow moves the tab in front, as dragging does.
    if (item && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      onMove(item.id, at + (e.key === 'ArrowLeft' ? -1 : 1));
      return;
    }
    const step: Record<string, number> = {
      ArrowLeft: at - 1,
      ArrowRight: at + 1,
      Home: 0,
      End: items.length - 1,
    };
    const to = step[e.key];
    if (to === undefined || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    focusTab(Math.max(0, Math.min(items.length - 1, to)));
  };

  return (
    <div className="tab-bar">
      <div
        ref={stripRef}
        className="tab-strip"
        data-fade={fade}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        onWheel={(e) => {
          // A mouse wheel scrolls vertically; the strip only scrolls sideways.
          if (stripRef.current && Math.abs(e.deltaY) > Math.abs(e.deltaX))
            stripRef.current.scrollLeft += e.deltaY;
        }}
      >
        {items.map((item) => {
          const active = item.id === activeId;
          const dragging = drag?.moving === true && drag.id === item.id;
          return (
            <div
              key={item.id}
              role="tab"
              id={tabId(item.id)}
              aria-controls={tabPanelId(item.id)}
              aria-selected={active}
              tabIndex={active || (activeId === null && item === items[0]) ? 0 : -1}
              title={item.title}
              className={`tab${item.className ? ` ${item.className}` : ''}${active ? ' active' : ''}${dragging ? ' dragging' : ''}`}
              data-tab-id={item.id}
              {...item.data}
              onClick={() => {
                if (justDragged.current) justDragged.current = false;
                else onSelect(item.id);
              }}
              onMouseDown={(e) => {
                // No autoscroll cursor on a middle press: it closes the tab instead.
                if (e.button === 1) e.preventDefault();
              }}
              onAuxClick={(e) => {
                if (e.button !== 1) return;
                e.preventDefault();
                onClose(item.id);
              }}
              onPointerDown={(e) => {
                if (e.button !== 0 || (e.target as HTMLElement).closest('.tab-close')) return;
                justDragged.current = false;
                setDrag({
                  id: item.id,
                  pointerId: e.pointerId,
                  startX: e.clientX,
                  moving: false,
                  to: items.indexOf(item),
                });
              }}
              onPointerMove={(e) => {
                if (!drag || drag.id !== item.id || drag.pointerId !== e.pointerId) return;
                if (!drag.moving && Math.abs(e.clientX - drag.startX) < DRAG_THRESHOLD) return;
                if (!drag.moving) e.currentTarget.setPointerCapture(e.pointerId);
                const strip = stripRef.current;
                const to = strip ? dropIndex(strip, item.id, e.clientX) : drag.to;
                if (!drag.moving || to !== drag.to) setDrag({ ...drag, moving: true, to });
              }}
              onPointerUp={(e) => {
                if (!drag || drag.pointerId !== e.pointerId) return;
                if (drag.moving) {
                  justDragged.current = true;
                  onMove(drag.id, drag.to);
                }
                setDrag(null);
              }}
              onPointerCancel={() => setDrag(null)}
            >
              {item.icon}
              <span className="tab-label">{item.label ?? item.title}</span>
              <button
                type="button"
                className="tab-close"
                tabIndex={-1}
                aria-label={item.closeLabel}
                title={item.closeLabel}
                onClick={(e) => {
                  e.stopPropagation();
                  onClose(item.id);
                }}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      {items.length > 0 && (
        <Menu
          label="All tabs"
          className="btn-small tab-bar-menu"
          trigger={
            <>
              <span aria-hidden="true">▾</span> {items.length}
            </>
          }
          items={items.map((item) => ({
            key: item.id,
            label: item.title,
            current: item.id === activeId,
            onSelect: () => onSelect(item.id),
          }))}
        />
      )}
      {children}
    </div>
  );
}
