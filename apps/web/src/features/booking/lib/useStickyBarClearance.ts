import { useEffect, type RefObject } from 'react';

/**
 * Keeps the page's scroll padding at the bottom equal to the height of a bar stuck to the bottom of the
 * viewport, for as long as the bar is shown. Focus moves, `scrollIntoView` and find-in-page then stop
 * above the bar instead of under it (WCAG 2.4.11), and `revealAbove` uses the same clearance. The bar's
 * height changes (an alert appears in it, text wraps), so it is followed with a ResizeObserver.
 */
export function useStickyBarClearance(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.scrollPaddingBottom = `${el.getBoundingClientRect().height}px`;
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [bar]);
}

/**
 * Scrolls the least needed to show an element (a product card with its notice) above the sticky bar, once
 * the bar has taken its new height: two frames on, since the ResizeObserver that updates the clearance
 * runs after the first frame's animation callbacks.
 */
export function revealAbove(element: Element | null): void {
  requestAnimationFrame(() => requestAnimationFrame(() => element?.scrollIntoView({ block: 'nearest' })));
}
