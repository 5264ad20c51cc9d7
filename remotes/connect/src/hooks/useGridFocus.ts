import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export interface GridFocusOptions {
  /** How many cells the grid has (rendered or not). */
  count: number;
  columns: number;
  /** The element the cells (`[data-index]`) are inside. */
  containerRef: RefObject<HTMLElement | null>;
  /** The cell indexes rendered now (a virtualised grid renders a few rows only). */
  renderedIndexes: readonly number[];
  /** Brings a row into the rendered range (the virtualiser's scrollToIndex). */
  scrollToRow(row: number): void;
  /** The tab stop goes back to the first cell when this changes (a new search). */
  resetKey: string;
}

/**
 * Roving focus in a grid of `[data-index]` cells: one cell is the tab stop; arrow keys, Home and End
 * move focus. A target outside the rendered rows is scrolled into range first, then focused once
 * it renders.
 */
export function useGridFocus({ count, columns, containerRef, renderedIndexes, scrollToRow, resetKey }: GridFocusOptions) {
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | undefined>(undefined);
  useEffect(() => setActive(0), [resetKey]);

  useLayoutEffect(() => {
    if (pendingFocus.current === undefined) return;
    const target = containerRef.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
    if (target) {
      pendingFocus.current = undefined;
      target.focus({ preventScroll: true });
    }
  });

  const moveFocus = (index: number) => {
    setActive(index);
    pendingFocus.current = index;
    scrollToRow(Math.floor(index / columns));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const cell = (event.target as HTMLElement).closest('[data-index]');
    if (!cell || count === 0) return;
    const index = Number(cell.getAttribute('data-index'));
    const next = nextIndex(event.key, index, count, columns);
    if (next === undefined) return;
    event.preventDefault();
    moveFocus(next);
  };

  return {
    /** The cell with tabIndex 0: the active one when rendered, else the first rendered. */
    tabStop: renderedIndexes.includes(active) ? active : renderedIndexes[0],
    /** Keep the tab stop on a cell focused by mouse or tab. */
    setActive,
    moveFocus,
    onKeyDown,
  };
}

function nextIndex(key: string, index: number, count: number, columns: number): number | undefined {
  const last = count - 1;
  const rowCount = Math.ceil(count / columns);
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      // The last row may be short: go to its last wallet rather than nowhere.
      return Math.floor(index / columns) < rowCount - 1 ? Math.min(index + columns, last) : index;
    case 'ArrowUp':
      return index >= columns ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
