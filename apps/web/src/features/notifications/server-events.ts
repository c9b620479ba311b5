import { FRONTEND_VERSION_HEADER, formatFrontendVersion } from '@turnout/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { authStore } from '../../api/auth-store.ts';
import { BUILD_INFO } from '../../api/build-info.ts';
import { API_PREFIX } from '../../api/client.ts';
import { environmentStore } from '../../app/environment.ts';
import { useFirstScreenPainted } from '../../app/first-screen.ts';
import { createSseParser } from './sse-parser.ts';

export type ServerEventHandler = (data: unknown) => void;

export interface ServerEventsDeps {
  /** The bearer token, and how to forget it after a 401 (as the API client does). */
  auth: { token(): string | null; clear(): void; subscribe(listener: () => void): () => void };
  /** The frontend-version header of every call. */
  versionHeader: () => string;
  fetch?: typeof fetch;
  /** Reconnection waits 1 s, 2 s, 4 s … up to this, with jitter. */
  maxDelayMs?: number;
  random?: () => number;
}

/**
 * One connection per signed-in tab to GET /api/events (docs/decisions/0008): fetch with the
 * bearer header (the token never goes into a URL), read as a stream, parsed as Server-Sent
 * Events. It is open while something listens (`retain`), reconnects with backoff when it
 * drops, and closes on sign-out; a 401 signs the tab out like any other call.
 */
export function createServerEvents(deps: ServerEventsDeps) {
  const handlers = new Map<string, Set<ServerEventHandler>>();
  const statusListeners = new Set<() => void>();
  const maxDelay = deps.maxDelayMs ?? 30_000;
  let users = 0;
  let open = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let connectedToken: string | null = null;

  const setOpen = (value: boolean) => {
    if (open === value) return;
    open = value;
    for (const listener of [...statusListeners]) listener();
  };

  const dispatch = (name: string, raw: string) => {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of [...(handlers.get(name) ?? [])]) handler(data);
  };

  function stop(): void {
    controller?.abort();
    controller = null;
    connectedToken = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    setOpen(false);
  }

  function ensure(): void {
    if (users > 0 && deps.auth.token() && !controller && !retryTimer) void connect();
  }

  function scheduleRetry(): void {
    if (users === 0 || !deps.auth.token() || retryTimer) return;
    const base = Math.min(maxDelay, 1_000 * 2 ** attempt);
    attempt += 1;
    const delay = base / 2 + (deps.random ?? Math.random)() * (base / 2);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      ensure();
    }, delay);
  }

  async function connect(): Promise<void> {
    const token = deps.auth.token();
    if (!token) return;
    const mine = new AbortController();
    controller = mine;
    connectedToken = token;
    try {
      const response = await (deps.fetch ?? globalThis.fetch)(`${API_PREFIX}/events`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, [FRONTEND_VERSION_HEADER]: deps.versionHeader() },
        signal: mine.signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        // The session has ended: forget the token this request carried (the app goes to sign-in).
        if (deps.auth.token() === token) deps.auth.clear();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`GET /api/events answered ${response.status}`);
      setOpen(true);
      attempt = 0;
      const parser = createSseParser((e) => dispatch(e.event, e.data));
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // A dropped connection or a server error: try again below, unless it was stopped.
    } finally {
      if (controller === mine) controller = null;
      if (!controller) setOpen(false);
    }
    if (!mine.signal.aborted) scheduleRetry();
  }

  deps.auth.subscribe(() => {
    const token = deps.auth.token();
    if (!token) stop();
    else if (token !== connectedToken && controller) {
      // Another user signed in in this tab (or another tab): reconnect as them.
      stop();
      attempt = 0;
      ensure();
    } else ensure();
  });

  return {
    /** Keeps the connection open while the returned function has not been called. */
    retain(): () => void {
      users += 1;
      ensure();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users === 0) stop();
      };
    },
    /** Calls `handler` with the parsed data of each `name` event; returns the unsubscribe function. */
    on(name: string, handler: ServerEventHandler): () => void {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    isOpen: () => open,
    subscribeStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

export type ServerEvents = ReturnType<typeof createServerEvents>;

/** The tab's one connection. */
export const serverEvents = createServerEvents({
  auth: authStore,
  versionHeader: () =>
    formatFrontendVersion({
      env: environmentStore.current(),
      build: BUILD_INFO.hash,
      platform: BUILD_INFO.platform,
      timestamp: BUILD_INFO.timestamp,
    }),
});

/**
 * Runs `handler` on each pushed `name` event ('notification', 'unread', 'resync', …) while the
 * component is mounted; keeps the tab's connection open meanwhile. The tasks list, for one,
 * refetches on 'notification'.
 */
export function useServerEvent(name: string, handler: ServerEventHandler, events: ServerEvents = serverEvents): void {
  const latest = useRef(handler);
  latest.current = handler;
  // The stream opens once the first screen has painted (decision 0043).
  const painted = useFirstScreenPainted();
  useEffect(() => {
    if (!painted) return;
    const release = events.retain();
    const off = events.on(name, (data) => latest.current(data));
    return () => {
      off();
      release();
    };
  }, [name, events, painted]);
}

/** True while the stream is connected; polling is the fallback when it is not. */
export function useServerEventsOpen(events: ServerEvents = serverEvents): boolean {
  return useSyncExternalStore(events.subscribeStatus, events.isOpen, () => false);
}
