import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether a media query matches, right from the first render. Mantine's hook answers false on
 * the first render and reads the screen in an effect, after the first paint: a phone layout
 * drawn on a desktop for one frame, then moved (layout shift, issue 20). This app renders only
 * in the browser, so it can read the screen at once.
 */
export function useScreenQuery(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
