/**
 * A signed-in first visit asks the API for its user and its first screen's data while the app's
 * JavaScript still downloads (issue 20): the preload script (vite.config.ts) starts these GETs as
 * soon as the page opens, and the API client takes their answers instead of asking again. On a
 * slow phone network each answer the app would otherwise ask for only after its code has run
 * is a round trip (or three, one after another) before the screen can paint.
 *
 * `earlyRequests` is written into the preload script with Function.prototype.toString, so it must
 * stay self-contained: no imports, no names from outside its body. A URL here that the screen no
 * longer asks for exactly is simply not used (early-requests.test.ts keeps them matched).
 */
export interface EarlyPlan {
  /** The GETs to start now, as the API client writes their URLs. */
  urls: string[];
  /** The type whose full definition follows GET /api/entity-type/lite (found there by name). */
  typeName: string | null;
}

export function earlyRequests(pathname: string, search: string): EarlyPlan {
  // The server's environment too (app/health.ts): every screen asks for it as the app starts,
  // and asked for only then, its round trip came after all of the app's code had arrived.
  const urls = ['/api/user', '/api/health'];
  let typeName: string | null = null;
  const record = /^\/entity\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (pathname === '/') {
    urls.push('/api/home', '/api/home/alerts', '/api/widgets?position=home_screen');
  } else if (/^\/entity-list\/?$/.test(pathname)) {
    const params = new URLSearchParams(search);
    const type = params.get('type');
    // Only a plain list: a search, a filter or a selected record asks for something else.
    if (type && [...params.keys()].every((key) => key === 'type')) {
      typeName = type;
      const list = `/api/entity/${encodeURIComponent(type)}?page=1&per_page=48&sort=default`;
      urls.push('/api/home/alerts', '/api/entity-type/lite', list);
    }
  } else if (record && record[1] !== 'edit') {
    typeName = decodeURIComponent(record[1]!);
    urls.push('/api/entity-type/lite', `/api/entity/${record[1]}/${record[2]}`);
  }
  return { urls, typeName };
}

/** What the preload script leaves on `window` (`globalThis.turnoutEarly`) for the API client. */
export interface EarlyAnswers {
  token: string;
  /** performance.now() when the requests started. */
  at: number;
  answers: Map<string, Promise<Response | null>>;
}

/** Answers older than this are not used: the data may have changed since. */
const FRESH_MS = 30_000;

/**
 * The early answer to GET `url` for `token`, once: undefined when none was asked for (or it is
 * taken, stale, or for another token); null inside the promise when that request failed, so the
 * caller asks again.
 */
export function takeEarlyAnswer(
  url: string,
  token: string | null,
  early = (globalThis as { turnoutEarly?: EarlyAnswers }).turnoutEarly,
): Promise<Response | null> | undefined {
  if (!early || !token || early.token !== token) return undefined;
  const answer = early.answers.get(url);
  if (!answer) return undefined;
  early.answers.delete(url);
  if (performance.now() - early.at > FRESH_MS) return undefined;
  return answer;
}
