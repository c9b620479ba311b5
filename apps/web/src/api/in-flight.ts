/**
 * Shares identical GET requests while they are in flight (spec 01 §7). Each caller may abort
 * with its own signal without disturbing the others; the request itself is aborted only
 * when every caller has gone.
 */
interface Entry {
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
}

export class InFlight {
  private readonly entries = new Map<string, Entry>();

  get size(): number {
    return this.entries.size;
  }

  share<T>(key: string, run: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let entry = this.entries.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created: Entry = { controller, callers: 0, promise: Promise.resolve() };
      created.promise = run(controller.signal).finally(() => {
        if (this.entries.get(key) === created) this.entries.delete(key);
      });
      // Callers handle the outcome; this keeps an answer nobody waits for any more from
      // surfacing as an unhandled rejection.
      created.promise.catch(() => undefined);
      this.entries.set(key, created);
      entry = created;
    }
    entry.callers += 1;
    return this.follow(key, entry, signal) as Promise<T>;
  }

  private follow(key: string, entry: Entry, signal: AbortSignal | undefined): Promise<unknown> {
    if (!signal) return entry.promise;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        entry.callers -= 1;
        if (entry.callers === 0) {
          if (this.entries.get(key) === entry) this.entries.delete(key);
          entry.controller.abort(signal.reason);
        }
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }
}
