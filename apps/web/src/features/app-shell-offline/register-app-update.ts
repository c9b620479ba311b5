import { firstScreen } from '../../app/first-screen.ts';
import { appUpdate } from './app-update.ts';

/** How often a long-open app asks the server whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (production builds only; a no-op under `vite dev`), once the
 * page has loaded and its first screen has painted (its install fetches the whole app: on a
 * slow network that waits until the screen the person opened is there, decision 0043), from a
 * chunk of its own so the first screen's scripts do not carry it. A new
 * deploy installs in the background and waits ('prompt'): the app offers it and applies it at
 * a safe moment (AppUpdateNotice), never by itself while a form has unsaved input.
 */
export function registerAppUpdate(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh: () => appUpdate.offer(() => updateSW(true)),
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        const check = () => {
          if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
        };
        setInterval(check, CHECK_EVERY_MS);
        // A phone brought back to the app after hours checks at once.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      },
    });
  };
  // Once the first screen has painted and the page is idle: nothing a screen shows waits for it.
  const whenIdle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3_000 }) : setTimeout(run, 200);
  const afterLoad = () => firstScreen.whenPainted(() => whenIdle(() => void register()));
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
