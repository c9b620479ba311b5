import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerEvents } from './server-events.ts';

/** A response whose body the test writes to, frame by frame. */
function streamingResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function fakeAuth(initial: string | null) {
  let token = initial;
  const listeners = new Set<() => void>();
  return {
    token: () => token,
    clear: () => {
      token = null;
      for (const l of listeners) l();
    },
    set: (next: string) => {
      token = next;
      for (const l of listeners) l();
    },
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('createServerEvents', () => {
  it('connects with the bearer header while retained, dispatches events and stops on sign-out', async () => {
    const auth = fakeAuth('tok-1');
    const stream = streamingResponse();
    const fetch = vi.fn<typeof globalThis.fetch>(async () => stream.response);
    const events = createServerEvents({ auth, versionHeader: () => 'v', fetch });
    const heard: unknown[] = [];
    events.on('unread', (d) => heard.push(d));
    const release = events.retain();
    events.retain()(); // a second user coming and going changes nothing
    await vi.waitFor(() => expect(events.isOpen()).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? ['', undefined];
    expect(url).toBe('/api/events');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1', Accept: 'text/event-stream', 'frontend-version': 'v' });
    stream.write('event: unread\ndata: {"total":2}\n\n: heartbeat\n\nevent: unread\ndata: {"to');
    stream.write('tal":3}\n\n');
    await vi.waitFor(() => expect(heard).toEqual([{ total: 2 }, { total: 3 }]));

    auth.clear();
    expect(events.isOpen()).toBe(false);
    expect(init?.signal?.aborted).toBe(true);
    release();
  });

  it('reconnects with backoff when the stream drops, and signs out on 401', async () => {
    vi.useFakeTimers();
    const auth = fakeAuth('tok-1');
    const first = streamingResponse();
    const responses = [first.response, new Response('', { status: 502 }), new Response('{}', { status: 401 })];
    const fetch = vi.fn<typeof globalThis.fetch>(async () => responses.shift() ?? new Response('', { status: 500 }));
    const events = createServerEvents({ auth, versionHeader: () => 'v', fetch, random: () => 0 });
    const release = events.retain();
    await vi.waitFor(() => expect(events.isOpen()).toBe(true));
    first.end();
    await vi.waitFor(() => expect(events.isOpen()).toBe(false));
    // Backoff: 1 s, then 2 s (halved here, with the jitter at 0); the 502 is retried, the 401 ends it.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(auth.token()).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    release();
  });

  it('does not connect without a token or without anyone listening', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const auth = fakeAuth(null);
    const events = createServerEvents({ auth, versionHeader: () => 'v', fetch });
    const release = events.retain();
    expect(fetch).not.toHaveBeenCalled();
    release();
    auth.set('tok-2');
    expect(fetch).not.toHaveBeenCalled();
  });
});
