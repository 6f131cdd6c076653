// d3-flextree ships no types; this is the part we use.
declare module 'd3-flextree' {
  import type { HierarchyNode } from 'd3-hierarchy';
  export interface FlexNode<T> extends HierarchyNode<T> {
    x: number;
    y: number;
    xSize: number;
    ySize: number;
    children?: FlexNode<T>[];
    descendants(): FlexNode<T>[];
    links(): Array<{ source: FlexNode<T>; target: FlexNode<T> }>;
  }
  export interface FlexTreeLayout<T> {
    (root: FlexNode<T>): FlexNode<T>;
    hierarchy(data: T, children?: (d: T) => T[] | undefined): FlexNode<T>;
    nodeSize(size: (node: FlexNode<T>) => [number, number]): FlexTreeLayout<T>;
    spacing(spacing: number | ((a: FlexNode<T>, b: FlexNode<T>) => number)): FlexTreeLayout<T>;
  }
  export function flextree<T>(options?: object): FlexTreeLayout<T>;
}
