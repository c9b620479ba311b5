/**
 * The state of a new app version (issue 22): the service worker has installed a new build and
 * waits; `apply` activates it and reloads the page. Kept apart from the registration itself
 * (register-app-update.ts, which imports the plugin's virtual module) so screens and unit tests
 * read it without a service worker.
 */
type Apply = () => Promise<void>;

let waiting = false;
let apply: Apply | null = null;
const listeners = new Set<() => void>();

export const appUpdate = {
  /** Called by the registration when a new version has installed and waits. */
  offer(activate: Apply): void {
    apply = activate;
    waiting = true;
    for (const listener of listeners) listener();
  },
  isWaiting(): boolean {
    return waiting;
  },
  /** Activates the waiting version and reloads the page. */
  async apply(): Promise<void> {
    if (apply) await apply();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
