/**
 * One string kept in localStorage, readable as an external store (useSyncExternalStore).
 * Falls back to memory when storage is unavailable (private mode, storage disabled), and
 * follows changes made in other tabs through the `storage` event.
 */
export interface StoredValue<T extends string> {
  get(): T | null;
  set(value: T | null): void;
  subscribe(listener: () => void): () => void;
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function storedValue<T extends string>(
  key: string,
  parse: (raw: string) => T | null = (raw) => raw as T,
  storage: Storage | undefined = browserStorage(),
): StoredValue<T> {
  const listeners = new Set<() => void>();
  const read = (): T | null => {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(key) ?? null;
    } catch {
      raw = null;
    }
    return raw === null ? null : parse(raw);
  };
  let current = read();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  if (typeof window !== 'undefined' && storage) {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      const next = read();
      if (next === current) return;
      current = next;
      notify();
    });
  }

  return {
    get: () => current,
    set(value) {
      if (value === current) return;
      current = value;
      try {
        if (value === null) storage?.removeItem(key);
        else storage?.setItem(key, value);
      } catch {
        // Storage full or blocked: the value still lives in memory for this tab.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
