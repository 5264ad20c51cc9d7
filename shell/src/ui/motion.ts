import { useLayoutEffect, type RefObject } from 'react';

/** Spec §9: the modal's height animates in 150 ms (the stylesheet's `.portico-viewport` transition). */
const HEIGHT_MS = 150;

/**
 * The card's height follows its view's content with the stylesheet's 150 ms transition instead of jumping: a
 * ResizeObserver on the content (`content`) writes its height to the scrolling viewport around it (`viewport`), and
 * CSS animates between the two values. Nothing is measured by hand: the observer hands over the size after layout,
 * so a view change costs one extra style and layout pass, never a read-write loop. The card's `max-height` still
 * caps the viewport (a flex item that may shrink), and the content scrolls inside it under the header.
 *
 * The first height after an open is written from `auto`, which does not animate: a view opens at its size. While
 * the card grows the viewport clips its overflow (`overflow: clip`), so no scrollbar flashes for 150 ms, and nothing can
 * scroll it meanwhile: with `hidden`, a scroll into view (a test driver's click, a screen reader's move) scrolled it,
 * the growing height then pulled the content back down, and the click landed on the row above (issue 33). A viewport
 * already at the cap (a long list loading its next page) keeps its scrollbar. Under `prefers-reduced-motion` the stylesheet drops the
 * transition and the height just changes.
 */
export function useAnimatedHeight(open: boolean, viewport: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const box = viewport.current;
    const inner = content.current;
    if (!open || !box || !inner || typeof ResizeObserver === 'undefined') return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let shown = 0;
    const observer = new ResizeObserver(([entry]) => {
      const height = Math.ceil(entry?.borderBoxSize?.[0]?.blockSize ?? inner.offsetHeight);
      if (!height) {
        // Hidden (display: none): the next showing starts from `auto` again.
        shown = 0;
        box.style.removeProperty('height');
        return;
      }
      if (height === shown) return;
      // The viewport shows less than it was given only at the card's cap: growing further changes nothing visible.
      const growing = shown > 0 && height > shown && ('resizing' in box.dataset || box.clientHeight >= shown - 1);
      if (growing) {
        box.dataset.resizing = '';
        clearTimeout(settle);
        settle = setTimeout(() => delete box.dataset.resizing, HEIGHT_MS + 50);
      }
      shown = height;
      box.style.height = `${height}px`;
    });
    observer.observe(inner);
    return () => {
      observer.disconnect();
      clearTimeout(settle);
      delete box.dataset.resizing;
      box.style.removeProperty('height');
    };
  }, [open, viewport, content]);
}
