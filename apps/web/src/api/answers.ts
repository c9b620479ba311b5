import type { Parser } from './client.ts';

/*
 * Our own server's answers, typed, not checked again in the browser (issue 20, decision 0039).
 * The server writes every answer through its route's response schema (fastify-type-provider-zod's
 * serializer: unknown keys dropped, defaults filled in), so parsing it a second time with the same
 * zod schemas bought nothing but cost each signed-in first screen zod and the shared contract's
 * schemas, built at module load, before its first paint. The types are the contract's `z.infer`
 * types, imported with `import type` so no schema reaches the bundle. Input that is not an answer
 * of a route (forms, imports, server events, error bodies) keeps its checks.
 */

/** The answer as it is. */
export function answer<T>(): Parser<T> {
  return { parse: (body) => body as T };
}

/** The answer's `data` (the `{ data: … }` envelope of most routes). */
export function answerData<T>(): Parser<T> {
  return { parse: (body) => (body as { data?: unknown } | null)?.data as T };
}

/** `{ message }`, the answer of most deletes and actions. */
export const messageAnswer: Parser<{ message: string }> = answer();
