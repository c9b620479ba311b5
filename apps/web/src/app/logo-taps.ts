import { LOGO_TAPS } from '@turnout/shared';
import { useCallback, useRef } from 'react';

/**
 * Counts taps on the logo: `count` taps within `withinMs` complete the gesture (spec 01 §2.2,
 * five within 5 seconds). Taps older than the window no longer count.
 */
export function registerTap(taps: readonly number[], now: number, rule: { count: number; withinMs: number } = LOGO_TAPS) {
  const recent = [...taps.filter((at) => now - at < rule.withinMs), now];
  if (recent.length >= rule.count) return { taps: [] as number[], complete: true };
  return { taps: recent, complete: false };
}

/** Returns the click handler for the logo; `onComplete` runs on the fifth tap within 5 s. */
export function useLogoTaps(onComplete: () => void, now: () => number = Date.now): () => void {
  const taps = useRef<number[]>([]);
  return useCallback(() => {
    const result = registerTap(taps.current, now());
    taps.current = result.taps;
    if (result.complete) onComplete();
  }, [onComplete, now]);
}
