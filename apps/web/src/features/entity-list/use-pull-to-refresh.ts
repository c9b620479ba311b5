import { type RefObject, useEffect, useState } from 'react';

/** How far a finger pulls down from the top before letting go refreshes. */
export const PULL_THRESHOLD_PX = 70;

/**
 * Pull to refresh on touch screens (spec 01 §2.6): a downward pull that starts while the box is
 * scrolled to its top and goes past the threshold calls `onRefresh` on release. Answers how far
 * the pull has gone, for an indicator.
 */
export function usePullToRefresh(box: RefObject<HTMLElement | null>, onRefresh: () => void): number {
  const [pulled, setPulled] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let startY: number | null = null;
    let distance = 0;
    const start = (event: TouchEvent) => {
      const atTop = element.scrollTop <= 0 && window.scrollY <= 0;
      startY = atTop && event.touches.length === 1 ? event.touches[0]!.clientY : null;
      distance = 0;
    };
    const move = (event: TouchEvent) => {
      if (startY === null) return;
      distance = Math.max(0, event.touches[0]!.clientY - startY);
      setPulled(Math.min(distance, PULL_THRESHOLD_PX * 1.5));
    };
    const end = () => {
      if (startY !== null && distance >= PULL_THRESHOLD_PX) onRefresh();
      startY = null;
      distance = 0;
      setPulled(0);
    };
    element.addEventListener('touchstart', start, { passive: true });
    element.addEventListener('touchmove', move, { passive: true });
    element.addEventListener('touchend', end);
    element.addEventListener('touchcancel', end);
    return () => {
      element.removeEventListener('touchstart', start);
      element.removeEventListener('touchmove', move);
      element.removeEventListener('touchend', end);
      element.removeEventListener('touchcancel', end);
    };
  }, [box, onRefresh]);
  return pulled;
}
