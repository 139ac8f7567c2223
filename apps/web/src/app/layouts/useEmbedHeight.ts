import { useEffect, type RefObject } from 'react';
import { EMBED_HEIGHT_MESSAGE } from '../../lib/embed';

/**
 * Posts the framed page's height to the organisation's page whenever it changes (DESIGN §4b), so the
 * frame grows with the booking flow and never shows a second scroll bar. Only to `parentOrigin` (the
 * organisation's website, the one origin allowed to frame it): no other page learns anything.
 */
export function useEmbedHeight(ref: RefObject<HTMLElement | null>, parentOrigin: string | null): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !parentOrigin) return;
    let last = -1;
    const post = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, parentOrigin);
    };
    const observer = new ResizeObserver(post);
    observer.observe(element);
    post();
    return () => observer.disconnect();
  }, [ref, parentOrigin]);
}
