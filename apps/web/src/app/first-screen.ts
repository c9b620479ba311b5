import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the first screen of this page load has painted what the person opened (issue 20,
 * decision 0043). What the shell shows around it (the bell's count, the Messages badge, the
 * event stream, the drawer's navigation) and what a record shows below its form (versions, the
 * recurring origin) waits for it, and so does the service worker's install: on a phone's slow
 * network the first seconds of connections, bandwidth and main thread go to the screen itself.
 *
 * Home, a list and a record say when their content has committed; the shell says so for any
 * other screen as it renders. Whatever happens (an error, a screen that never finishes), it is
 * taken as painted FALLBACK_MS after the app started.
 */
const FALLBACK_MS = 4_000;

/** The screens that say themselves when they have painted: home, a list and a record. */
export function isFirstScreenPath(pathname: string): boolean {
  return pathname === '/' || /^\/entity-list\/?$/.test(pathname) || /^\/entity\/[^/]+\/[^/]+\/?$/.test(pathname);
}

function createFirstScreen() {
  let painted = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    painted = true;
    if (timer) clearTimeout(timer);
    for (const listener of [...listeners]) listener();
  };
  let marked = false;
  // A screen says so as its content commits; the browser paints it in the next frame. What waits
  // starts after that paint (the frame, then a task), not inside it: on a slow network a request
  // started before the paint still shares the line with what the screen is painting.
  const mark = () => {
    if (marked) return;
    marked = true;
    const hidden = typeof document === 'undefined' || document.visibilityState === 'hidden';
    if (hidden || typeof requestAnimationFrame !== 'function') notify();
    else requestAnimationFrame(() => setTimeout(notify));
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (!painted && !timer) timer = setTimeout(notify, FALLBACK_MS);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    mark,
    painted: () => painted,
    subscribe,
    /** Runs `run` once the first screen has painted (at once when it has). */
    whenPainted(run: () => void): void {
      if (painted) {
        run();
        return;
      }
      const unsubscribe = subscribe(() => {
        unsubscribe();
        run();
      });
    },
  };
}

export const firstScreen = createFirstScreen();

/**
 * True once the first screen has painted; what waits for it passes this as its `enabled`. The
 * change reaches the components as a transition: the bell, the badge, the drawer and the
 * stream's users all re-render when it comes, and as a blocking update (a store read through
 * useSyncExternalStore) that was one long task on a slow phone.
 */
export function useFirstScreenPainted(): boolean {
  const [painted, setPainted] = useState(firstScreen.painted);
  useEffect(() => {
    if (painted) return;
    const show = () => startTransition(() => setPainted(true));
    if (firstScreen.painted()) {
      show();
      return;
    }
    return firstScreen.subscribe(show);
  }, [painted]);
  return painted;
}

/** Called by a first screen (home, a list, a record): its content has committed when `shown`. */
export function useMarkFirstScreenPainted(shown = true): void {
  useEffect(() => {
    if (shown) firstScreen.mark();
  }, [shown]);
}
