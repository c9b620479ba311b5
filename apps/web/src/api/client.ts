import { type Environment, FRONTEND_VERSION_HEADER, formatFrontendVersion } from '@turnout/shared';
import { takeEarlyAnswer } from './early-requests.ts';
import { isAbort, networkError, SignedOutError, toApiError } from './errors.ts';
import { InFlight } from './in-flight.ts';

export const API_PREFIX = '/api';

/** Anything with a `parse` method, such as a zod schema from '@turnout/shared'. */
export interface Parser<T> {
  parse(data: unknown): T;
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions<T> {
  signal?: AbortSignal;
  /** Added to the path as a query string; arrays repeat the key, null and undefined are left out. */
  query?: QueryParams;
  /** Checks and types the answer. */
  schema?: Parser<T>;
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  postMultipart<T = unknown>(path: string, form: FormData, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
}

export interface ApiClientDeps {
  /** The bearer token held, and how to forget it. */
  auth: { token(): string | null; clear(): void };
  /** The environment the app currently runs as; it goes into the frontend-version header. */
  environment: () => Environment;
  build: { hash: string; timestamp: string; platform: string };
  /** Defaults to the browser's fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Called after a 401 made the client forget the token. */
  onSignedOut?: () => void;
}

export function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) if (item !== null && item !== undefined) params.append(key, String(item));
  }
  return params.toString();
}

function urlOf(path: string, query: QueryParams | undefined): string {
  if (!path.startsWith('/')) throw new Error(`API paths start with '/': '${path}'`);
  const qs = queryString(query);
  if (!qs) return `${API_PREFIX}${path}`;
  return `${API_PREFIX}${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const inFlight = new InFlight();

  async function send<T>(
    method: string,
    path: string,
    body: BodyInit | undefined,
    json: boolean,
    options: RequestOptions<T>,
    signal?: AbortSignal,
  ) {
    const url = urlOf(path, options.query);
    const token = deps.auth.token();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [FRONTEND_VERSION_HEADER]: formatFrontendVersion({
        env: deps.environment(),
        build: deps.build.hash,
        platform: deps.build.platform,
        timestamp: deps.build.timestamp,
      }),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (json) headers['Content-Type'] = 'application/json';

    const fetchFn = deps.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      // The preload script may have asked already (early-requests.ts); if that failed, ask now.
      const early = method === 'GET' ? takeEarlyAnswer(url, token) : undefined;
      response = (early && (await early)) || (await fetchFn(url, { method, headers, body, signal }));
      if (signal?.aborted) throw signal.reason;
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw error;
      throw networkError(error);
    }

    if (response.status === 401 && token) {
      // Only forget the token this request carried: a newer sign-in stays.
      if (deps.auth.token() === token) {
        deps.auth.clear();
        deps.onSignedOut?.();
      }
      throw new SignedOutError();
    }
    const data = await readBody(response);
    if (!response.ok) throw toApiError(response.status, response.statusText, data);
    return options.schema ? options.schema.parse(data) : (data as T);
  }

  const withBody = (method: string) => {
    return <T>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
      send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), body !== undefined, options, options.signal);
  };

  return {
    get<T>(path: string, options: RequestOptions<T> = {}) {
      const key = `${deps.auth.token() ?? ''} ${urlOf(path, options.query)}`;
      // The shared request parses nothing: each caller applies its own schema.
      const shared = inFlight.share(
        key,
        (signal) => send<unknown>('GET', path, undefined, false, { query: options.query }, signal),
        options.signal,
      );
      return options.schema ? shared.then((data) => (options.schema as Parser<T>).parse(data)) : (shared as Promise<T>);
    },
    post: withBody('POST'),
    put: withBody('PUT'),
    postMultipart<T>(path: string, form: FormData, options: RequestOptions<T> = {}) {
      // No Content-Type: the browser writes the multipart boundary itself.
      return send<T>('POST', path, form, false, options, options.signal);
    },
    delete<T>(path: string, options: RequestOptions<T> = {}) {
      return send<T>('DELETE', path, undefined, false, options, options.signal);
    },
  };
}
