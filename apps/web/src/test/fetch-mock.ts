import { vi } from 'vitest';

export type Responder = (url: URL, body: unknown) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fetch that answers by 'METHOD /path' (query string ignored for matching) and records every
 * call; unknown routes answer 404 so a test sees what it forgot.
 */
export function routeFetch(routes: Record<string, Responder>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const responder = routes[`${method} ${url.pathname}`];
    return responder ? responder(url, body) : json(404, { message: `No route ${method} ${url.pathname} in the test.` });
  });
  return { fetch, calls };
}
