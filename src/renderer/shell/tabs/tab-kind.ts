import type { ComponentType, ReactNode } from 'react';
import type { SavedConnection } from '../../../shared/api/connection';
import type { Tab, TabKindName, TabOf } from './tab-model';

/** What a tab body is given; everything else it asks of the shell through `useShell()`. */
export interface TabBodyProps<T extends Tab> {
  tab: T;
  /** False while another tab is in front (bodies stay mounted: text, filters, charts survive). */
  active: boolean;
}

/**
 * How one kind of tab looks in the strip and what it shows: each feature registers its own, the
 * shell only asks. `connection` is the tab's connection for session tabs, else undefined.
 */
export interface TabKind<T extends Tab> {
  /** The full name: the tab's hover text, the overflow menu's entry, the close button's name. */
  title: (tab: T, connection: SavedConnection | undefined) => string;
  /** What the tab shows, when it is more than the title (e.g. a muted slot number). */
  label?: (tab: T, connection: SavedConnection | undefined) => ReactNode;
  icon?: (tab: T) => ReactNode;
  /** data-* attributes the tab carries (tests and the palette find tabs by them). */
  data?: (tab: T) => Readonly<Record<`data-${string}`, string>>;
  /** A class for the page holding the body (e.g. one that scrolls). */
  pageClassName?: string;
  Body: ComponentType<TabBodyProps<T>>;
}

/** One registered kind per tab kind: a kind left out does not compile. */
export type TabKinds = { [K in TabKindName]: TabKind<TabOf<K>> };

/** The kind of `tab` (the one cast: TypeScript cannot tie a union member to its map entry). */
export const kindOf = (kinds: TabKinds, tab: Tab): TabKind<Tab> =>
  kinds[tab.kind] as unknown as TabKind<Tab>;
